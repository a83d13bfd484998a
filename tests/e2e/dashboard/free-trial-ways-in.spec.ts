import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { createMember, markEmailVerified, openDashboard, signInNewMember, submitSignUp } from "../support/member";
import { card } from "../support/pricing";
import { takeTrialPlansOff, trialPlan, type TrialApp } from "../support/trials";

// The free trial as people reach it who are not yet set up for it: a visitor with no account, a
// visitor with one, someone who has had the plan, and a Telegram account that already used it.

const trialRow = (page: Page, plan: string) =>
  page.locator('[data-slot="member-subscription"]').filter({ hasText: plan });

test.describe("free trials: the ways in, and the refusals", () => {
  test.afterEach(async ({ app }) => {
    await takeTrialPlansOff(app as TrialApp);
  });

  test("a newcomer follows the trial link, makes an account, verifies the email and starts the trial", async ({
    page,
    app,
  }) => {
    const testApp = app as TrialApp;
    const plan = await trialPlan(testApp, 7);
    await page.goto("/pricing");
    await card(page, plan.name)
      .getByRole("link", { name: `Start 7-day free trial of ${plan.name}` })
      .click();
    // The offer itself, with a way in: not a sign-in page whose "Sign up" leads back to /pricing.
    await expect(page).toHaveURL(new RegExp(`/dashboard/trial/${plan.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Start your 7-day free trial of ${plan.name}`);
    await expect(page.getByText("A free trial starts from your account and needs a verified email.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await expectAccessible(page, "trial offer to a visitor");

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/join\/details$/);
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `trial-${tag}@example.com`;
    await submitSignUp(page, {
      firstName: "Ada",
      lastName: "Byron",
      email,
      password: "Analytical1",
      telegram: `t_${tag}`,
    });
    // No cart: the account opens on the plans, whose card offers the trial.
    await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
    const offer = card(page, plan.name).getByRole("link", { name: `Start 7-day free trial of ${plan.name}` });
    await offer.click();
    await expect(page.getByRole("alert")).toContainText("Verify your email address to start a free trial");
    await expect(page.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    const banner = page.locator("[data-slot=email-verification-banner]");
    await expect(banner).toContainText(email);
    await expect(banner.getByRole("button", { name: "Resend" })).toBeVisible();

    // The emailed link verifies the address; the trial can then start.
    const { user } = testApp.testing.schema;
    const [account] = await testApp.testing.getDatabase().db.select().from(user).where(eq(user.email, email));
    await markEmailVerified(testApp, account!.id);
    await page.goto(`/dashboard/trial/${plan.id}`);
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
    await expect(trialRow(page, plan.name).getByText("Free trial", { exact: true })).toBeVisible();
  });

  test("a newcomer who signed up with the plan in the cart starts its trial instead: the unpaid order goes", async ({
    page,
    app,
  }) => {
    const testApp = app as TrialApp;
    const plan = await trialPlan(testApp, 7);
    await page.goto("/pricing");
    await card(page, plan.name).getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("button", { name: "Next Step" }).click();
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `cart-${tag}@example.com`;
    await submitSignUp(page, {
      firstName: "Ada",
      lastName: "Byron",
      email,
      password: "Analytical1",
      telegram: `c_${tag}`,
    });
    await expect(page).toHaveURL(/\/dashboard\?section=order$/);
    const { user } = testApp.testing.schema;
    const [account] = await testApp.testing.getDatabase().db.select().from(user).where(eq(user.email, email));
    await markEmailVerified(testApp, account!.id);

    await openDashboard(page, "subscriptions");
    await expect(page.getByText(/^Unpaid order ORD-/)).toBeVisible();
    await expect(page.locator("[data-slot=header-order-link]").first()).toContainText("Pay $29.00");
    await card(page, plan.name)
      .getByRole("link", { name: `Start 7-day free trial of ${plan.name}` })
      .click();
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(trialRow(page, plan.name).getByText("Free trial", { exact: true })).toBeVisible();
    // Nothing is left asking for the price the trial replaced.
    await expect(page.getByText(/^Unpaid order ORD-/)).toHaveCount(0);
    await expect(page.locator("[data-slot=header-order-link]")).toHaveCount(0);
  });

  test("a member who is signed out signs in from the offer and comes back to it", async ({ page, app }) => {
    const testApp = app as TrialApp;
    const plan = await trialPlan(testApp, 4);
    const email = `back-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { userId } = await createMember(testApp, email);
    await markEmailVerified(testApp, userId);

    await page.goto(`/dashboard/trial/${plan.id}`);
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Analytical1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/trial/${plan.id}$`));
    await page.getByRole("button", { name: "Start free trial" }).click();
    await expect(trialRow(page, plan.name).getByText("Free trial", { exact: true })).toBeVisible();
  });

  test("someone who has had the plan is not offered its trial, and the trial page says why", async ({
    page,
    app,
    context,
  }) => {
    const testApp = app as TrialApp;
    const plan = await trialPlan(testApp, 3);
    const member = await signInNewMember(testApp, context);
    await markEmailVerified(testApp, member.userId);
    const { subscriptions } = testApp.testing.schema;
    const ended = new Date(Date.now() - 86_400_000);
    await testApp.testing
      .getDatabase()
      .db.insert(subscriptions)
      .values({
        userId: member.userId,
        planId: plan.id,
        status: "expired",
        billingPeriod: "monthly",
        startDate: new Date(ended.getTime() - 30 * 86_400_000),
        nextBillingDate: ended,
        autorenew: false,
      });

    await openDashboard(page, "subscriptions");
    await expect(card(page, plan.name).getByRole("button", { name: "Add to cart" })).toBeVisible();
    await expect(card(page, plan.name).getByRole("link", { name: /free trial/ })).toHaveCount(0);
    await page.goto(`/dashboard/trial/${plan.id}`);
    await expect(page.getByRole("alert")).toHaveText(
      `You have had ${plan.name} before, so its free trial is not available. Subscribe to get it again.`,
    );
    await expect(page.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    await page.getByRole("link", { name: "See plans and subscribe" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
  });

  test("a Telegram account that already had the trial is refused on another account", async ({ browser, app }) => {
    const testApp = app as TrialApp;
    const plan = await trialPlan(testApp, 3);
    const { profiles } = testApp.testing.schema;
    const { db } = testApp.testing.getDatabase();
    const telegramId = BigInt(crypto.randomInt(1_000_000_000, 2_000_000_000));
    const first = await browser.newContext({ baseURL: app.url });
    const second = await browser.newContext({ baseURL: app.url });
    try {
      const a = await signInNewMember(testApp, first);
      await markEmailVerified(testApp, a.userId);
      await db
        .update(profiles)
        .set({ telegramUserId: telegramId, telegramVerified: true })
        .where(eq(profiles.id, a.userId));
      const pageA = await first.newPage();
      await pageA.goto(`/dashboard/trial/${plan.id}`);
      await pageA.getByRole("button", { name: "Start free trial" }).click();
      await expect(trialRow(pageA, plan.name).getByText("Free trial", { exact: true })).toBeVisible();

      // The Telegram account moves to a new account (the first one let it go), which verifies it.
      await db.update(profiles).set({ telegramUserId: null, telegramVerified: false }).where(eq(profiles.id, a.userId));
      const b = await signInNewMember(testApp, second);
      await markEmailVerified(testApp, b.userId);
      await db
        .update(profiles)
        .set({ telegramUserId: telegramId, telegramVerified: true })
        .where(eq(profiles.id, b.userId));
      const pageB = await second.newPage();
      await pageB.goto(`/dashboard/trial/${plan.id}`);
      await expect(pageB.getByRole("alert")).toHaveText(
        `The free trial of ${plan.name} has already been used by this account, email or Telegram account. Subscribe to get it.`,
      );
      await expect(pageB.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
