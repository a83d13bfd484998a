import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { holdScripts, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { markEmailVerified, signInNewMember, waitForHydration } from "../support/member";
import { card } from "../support/pricing";
import { signUpStaff } from "../support/staff";
import { takeTrialPlansOff, trialPlan, type TrialApp } from "../support/trials";

type App = TrialApp;

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("free trials", () => {
  test.afterEach(async ({ app }) => {
    await takeTrialPlansOff(app as App);
  });

  test("an owner sets a plan's trial days, and /pricing offers the trial", async ({ page, app, context }) => {
    const testApp = app as App;
    const plan = await trialPlan(testApp, 0);
    await signUpStaff(app, context, "owner");
    await page.goto(`/admin/plans/${plan.id}`);
    await waitForHydration(page);
    await page.getByLabel("Free trial (days, 0 = none)").fill("7");
    await answered(page, () => page.getByRole("button", { name: "Save plan" }).click());
    await expect(toast(page, "Plan saved")).toBeVisible();
    const { pricing } = testApp.testing.schema;
    const [saved] = await testApp.testing
      .getDatabase()
      .db.select({ trialDays: pricing.trialDays })
      .from(pricing)
      .where(eq(pricing.id, plan.id));
    expect(saved!.trialDays).toBe(7);
    await page.reload();
    await expect(page.getByLabel("Free trial (days, 0 = none)")).toHaveValue("7");
    await expect(page.getByText(`${plan.name}: saved; free trial none → 7 days`)).toBeVisible();

    await page.goto("/admin/plans");
    await expect(page.getByRole("row").filter({ hasText: plan.name })).toContainText("7-day free trial");

    await page.goto("/pricing");
    await expect(
      card(page, plan.name).getByRole("link", { name: `Start 7-day free trial of ${plan.name}` }),
    ).toBeVisible();
  });

  test("an admin takes a plan's trial away (0 days, or a refused 91), and no page offers it any more", async ({
    page,
    app,
    context,
  }) => {
    const testApp = app as App;
    const plan = await trialPlan(testApp, 5);
    await signUpStaff(app, context, "admin");
    await page.goto("/pricing");
    await expect(card(page, plan.name).getByRole("link", { name: /free trial/ })).toBeVisible();
    // A tab left open on the offer, to press its button once the trial is gone.
    const tab = await context.newPage();
    await tab.goto(`/dashboard/trial/${plan.id}`);
    await expect(tab.getByRole("button", { name: "Start free trial" })).toBeVisible();
    await page.bringToFront();

    await page.goto(`/admin/plans/${plan.id}`);
    const days = page.getByLabel("Free trial (days, 0 = none)");
    await days.fill("91");
    await page.getByRole("button", { name: "Save plan" }).click();
    await expect(page.getByText("Free trial must be a whole number of days from 0 to 90").first()).toBeVisible();
    await days.fill("0");
    await answered(page, () => page.getByRole("button", { name: "Save plan" }).click());
    await expect(toast(page, "Plan saved")).toBeVisible();
    await page.reload();
    await expect(page.getByText(`${plan.name}: saved; free trial 5 days → none`)).toBeVisible();

    await page.goto("/pricing");
    await expect(card(page, plan.name)).toBeVisible();
    await expect(card(page, plan.name).getByRole("link", { name: /free trial/ })).toHaveCount(0);
    await page.goto("/dashboard?section=subscriptions");
    await expect(card(page, plan.name).getByRole("button", { name: "Add to cart" })).toBeVisible();
    await expect(card(page, plan.name).getByRole("link", { name: /free trial/ })).toHaveCount(0);
    // An old link to the offer says there is none, and where to go instead.
    await page.goto(`/dashboard/trial/${plan.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Free trial of ${plan.name}`);
    await expect(page.getByRole("alert")).toHaveText("This plan has no free trial.");
    await expect(page.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await expectAccessible(page, "a plan without a trial");
    // The tab left open refuses its button the same way, starting nothing.
    await tab.bringToFront();
    await tab.getByRole("button", { name: "Start free trial" }).click();
    await expect(tab.getByRole("alert")).toHaveText("This plan has no free trial.");
    await page.bringToFront();
    await page.getByRole("link", { name: "See plans and subscribe" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
    await expect(page.locator('[data-slot="member-subscription"]').filter({ hasText: plan.name })).toHaveCount(0);
  });

  test("a member starts a trial from the dashboard; it shows as a trial there and on their page in /admin", async ({
    page,
    app,
    context,
  }) => {
    const testApp = app as App;
    const plan = await trialPlan(testApp, 3);
    const member = await signInNewMember(testApp, context);
    await markEmailVerified(testApp, member.userId);
    await page.goto("/dashboard?section=subscriptions");
    await waitForHydration(page);
    const offer = card(page, plan.name).getByRole("link", { name: `Start 3-day free trial of ${plan.name}` });
    await offer.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Start your 3-day free trial of ${plan.name}`);
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
    const row = page.locator('[data-slot="member-subscription"]').filter({ hasText: plan.name });
    await expect(row.getByText("Free trial", { exact: true })).toBeVisible();
    // Its card now says it is the member's, with no trial to offer.
    await expect(card(page, plan.name).getByRole("button", { name: "Subscribed" })).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expectAccessible(page, "subscriptions with a trial");

    await signUpStaff(app, context, "admin");
    await page.goto(`/admin/members/${member.userId}`);
    const subscription = page
      .getByRole("list", { name: "Subscriptions" })
      .getByRole("listitem")
      .filter({ hasText: plan.name });
    await expect(subscription.getByText("Free trial", { exact: true })).toBeVisible();
    await expect(subscription).toContainText("trial ends");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

    test("a member starts a trial from /pricing with one early tap, and it shows as a trial", async ({
      page,
      app,
      context,
    }) => {
      const testApp = app as App;
      const plan = await trialPlan(testApp, 5);
      const member = await signInNewMember(testApp, context);
      await markEmailVerified(testApp, member.userId);

      await page.goto("/pricing");
      await card(page, plan.name)
        .getByRole("link", { name: `Start 5-day free trial of ${plan.name}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/trial/${plan.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Start your 5-day free trial of ${plan.name}`);
      await expect(page.getByText("Then it continues at $29.00 USDT a month")).toBeVisible();
      await expectAccessible(page, "trial offer");

      // The button is tapped before the page's scripts have run: the plain form posts it anyway.
      await holdScripts(page);
      await openBeforeScripts(page, `/dashboard/trial/${plan.id}`);
      await tapBeforeScripts(page.getByRole("button", { name: "Start free trial" }));
      await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
      const row = page.locator('[data-slot="member-subscription"]').filter({ hasText: plan.name });
      await expect(row.getByText("Free trial", { exact: true })).toBeVisible();
      await expect(row.getByText("Active")).toBeVisible();
      // On a phone the end date's cell names itself (its `data-label`, shown before the date).
      await expect(row.locator('[data-column="end"]')).toHaveAttribute("data-label", "Trial ends on");
      await expect(toast(page, `Your free trial of ${plan.name} has started`)).toBeVisible();

      // A second try is refused, and says why first: no offer of a trial, nor its end date, above it.
      await page.goto(`/dashboard/trial/${plan.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Free trial of ${plan.name}`);
      await expect(page.getByRole("alert")).toHaveText(`You already have ${plan.name}.`);
      await expect(page.locator('[data-slot="trial-offer"]')).not.toContainText("Your trial ends on");
      await expect(page.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    });

    test("a member whose email is not verified is told to verify it first", async ({ page, app, context }) => {
      const testApp = app as App;
      const plan = await trialPlan(testApp, 3);
      await signInNewMember(testApp, context);
      await page.goto(`/dashboard/trial/${plan.id}`);
      await expect(page.getByRole("alert")).toContainText("Verify your email address to start a free trial");
      await expect(page.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      // The refusal is read as easily as the offer (its colours pass the contrast check).
      await expectAccessible(page, "trial refused until the email is verified");
    });
  });
});
