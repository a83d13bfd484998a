import { and, eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { creditBalance, markEmailVerified, openDashboard, signInNewMember } from "../support/member";
import { card } from "../support/pricing";
import { signUpStaff } from "../support/staff";
import { takeTrialPlansOff, trialPlan, type TrialApp } from "../support/trials";

type App = TrialApp & { testing: typeof import("../support/server-entry.ts") };

const today = () =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );

test.describe("a free trial that converted", () => {
  test.afterEach(async ({ app }) => {
    await takeTrialPlansOff(app as App);
  });

  test("a member's converted trial says so on their dashboard and on their page in /admin; a running trial stays a trial", async ({
    page,
    app,
    context,
  }) => {
    // Two trials started through the dashboard, a conversion, then the member's page in /admin.
    test.slow();
    const testApp = app as App;
    const { db } = testApp.testing.getDatabase();
    const { subscriptions } = testApp.testing.schema;
    const converting = await trialPlan(testApp, 3);
    const running = await trialPlan(testApp, 5);
    const member = await signInNewMember(testApp, context);
    await markEmailVerified(testApp, member.userId);

    // Both trials started as a member starts one: from the plan's card on the dashboard.
    for (const plan of [converting, running]) {
      await openDashboard(page, "subscriptions");
      await card(page, plan.name)
        .getByRole("link", { name: new RegExp(`free trial of ${plan.name}$`) })
        .click();
      await page.getByRole("button", { name: "Start free trial" }).click();
      await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
      await expect(
        page
          .locator('[data-slot="member-subscription"]')
          .filter({ hasText: plan.name })
          .getByText("Free trial", { exact: true }),
      ).toBeVisible();
    }

    // The first trial reaches its end with the balance to pay for it: the renewal converts it.
    const [sub] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.userId), eq(subscriptions.planId, converting.id)));
    const ended = new Date(Date.now() - 60_000);
    await db
      .update(subscriptions)
      .set({ trialEndsAt: ended, nextBillingDate: ended })
      .where(eq(subscriptions.id, sub!.id));
    await creditBalance(testApp, member.userId, 29_000_000n);
    expect(await testApp.testing.renewSubscription({ db, subscriptionId: sub!.id, now: new Date() })).toBe("charged");

    await openDashboard(page, "subscriptions");
    const convertedRow = page.locator('[data-slot="member-subscription"]').filter({ hasText: converting.name });
    await expect(convertedRow).toContainText(`Converted from a free trial on ${today()}`);
    await expect(convertedRow.getByText("Free trial", { exact: true })).toHaveCount(0);
    await expect(convertedRow.locator('[data-column="end"]')).toHaveAttribute("data-label", "Renews on");
    const runningRow = page.locator('[data-slot="member-subscription"]').filter({ hasText: running.name });
    await expect(runningRow.getByText("Free trial", { exact: true })).toBeVisible();
    await expect(runningRow).not.toContainText("Converted");
    await expectAccessible(page, "subscriptions with a converted trial");

    // Support opens the member's page: the same two, said the same way.
    await signUpStaff(app, context, "support");
    await page.goto(`/admin/members/${member.userId}`);
    const list = page.getByRole("list", { name: "Subscriptions" });
    const convertedItem = list.getByRole("listitem").filter({ hasText: converting.name });
    await expect(convertedItem.locator("[data-slot=trial-converted]")).toHaveText(
      `Converted from a free trial on ${today()}`,
    );
    await expect(convertedItem.getByText("Free trial", { exact: true })).toHaveCount(0);
    await expect(convertedItem).toContainText("next billing");
    const runningItem = list.getByRole("listitem").filter({ hasText: running.name });
    await expect(runningItem.getByText("Free trial", { exact: true })).toBeVisible();
    await expect(runningItem).toContainText("trial ends");
    await expect(runningItem.locator("[data-slot=trial-converted]")).toHaveCount(0);
    await expectAccessible(page, "member page with a converted trial");
  });
});
