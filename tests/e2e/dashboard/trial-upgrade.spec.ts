import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { markEmailVerified, openDashboard, signInNewMember } from "../support/member";
import { publishedPlan, usd, type Fixture } from "../support/pricing";
import { takeTrialPlansOff, trialPlan, type TrialApp } from "../support/trials";

/** Makes the subscription due a minute ago and settles it, as the renewal job does. */
async function renewNow(app: Fixture, subscriptionId: string, outcome: "charged" | "failed") {
  const { db } = app.testing.getDatabase();
  const { subscriptions } = app.testing.schema;
  await db
    .update(subscriptions)
    .set({ nextBillingDate: new Date(Date.now() - 60_000) })
    .where(eq(subscriptions.id, subscriptionId));
  expect(await app.testing.renewSubscription({ db, subscriptionId, now: new Date() })).toBe(outcome);
}

test.afterEach(async ({ app }) => {
  await takeTrialPlansOff(app as TrialApp);
});

test("a member paying for VIP Signals tries a plan that includes it: the dashboard says VIP ends when the trial continues, and the conversion credits it and ends it", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { billingHistory, planTelegramChats, pricing, subscriptions } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  // A plan of its own with a trial, holding VIP's chats and one more: an upgrade of VIP Signals.
  const bigger = await trialPlan(app as TrialApp, 7);
  const price = vip.price + 29_000_000n;
  await db.update(pricing).set({ price }).where(eq(pricing.id, bigger.id));
  const vipChats = await db.select().from(planTelegramChats).where(eq(planTelegramChats.planId, vip.id));
  expect(vipChats.length).toBeGreaterThan(0);
  const extra = -(1_000_000_000 + crypto.randomInt(1_000_000));
  await db
    .insert(planTelegramChats)
    .values([...vipChats.map((chat) => chat.chatId), extra].map((chatId) => ({ planId: bigger.id, chatId })));

  const member = await signInNewMember(app, context, { balance: vip.price + price });
  await markEmailVerified(app, member.userId);
  await app.testing.purchaseSubscriptions({
    db,
    userId: member.userId,
    planIds: [vip.id],
    billingPeriod: "monthly",
    totalAmount: vip.price,
    idempotencyKey: crypto.randomUUID(),
  });

  await page.goto(`/dashboard/trial/${bigger.id}`);
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
  const trialRow = page.locator("[data-slot=member-subscription]").filter({ hasText: bigger.name });
  await expect(trialRow.locator("[data-slot=trial-replaces]")).toHaveText(
    `When the trial continues, ${vip.name} ends and its unused days come off the first charge.`,
  );
  await expectAccessible(page, "a trial over a plan it includes");

  const [trial] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.userId), eq(subscriptions.planId, bigger.id)));
  // Converted the same day VIP Signals was bought: all of its month is unused, credited in full.
  await renewNow(app, trial!.id, "charged");
  const [bill] = await db
    .select()
    .from(billingHistory)
    .where(and(eq(billingHistory.userId, member.userId), eq(billingHistory.creditAmount, vip.price)));
  expect(bill).toMatchObject({ listAmount: price, totalAmount: price - vip.price, status: "paid" });

  await openDashboard(page, "subscriptions");
  const vipRow = page.locator("[data-slot=member-subscription]").filter({ hasText: vip.name });
  await expect(vipRow.locator("[data-column=status]")).toHaveText("Cancelled");
  await expect(trialRow.getByText("Free trial", { exact: true })).toHaveCount(0);
  await expect(trialRow.locator("[data-slot=trial-replaces]")).toHaveCount(0);
  await openDashboard(page, "billing-history");
  const renewal = page.locator("tr[data-kind=renewal]");
  await expect(renewal).toHaveCount(1);
  await expect(renewal.locator("[data-slot=taken-off]")).toHaveText(
    new RegExp(
      `^List price ${usd(price).replace("$", "\\$")} USDT · Credit for unused \\d+ days of ${vip.name} −${usd(vip.price).replace("$", "\\$")} USDT$`,
    ),
  );
  await expect(renewal.locator("[data-column=amount]")).toContainText(usd(price - vip.price));
});

test("a scheduled downgrade whose renewal the balance does not cover: the dashboard shows the bigger plan ended and a failed row for the smaller plan's price", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const all = await publishedPlan(app, "all-in-one");
  const member = await signInNewMember(app, context, { balance: all.price });
  await app.testing.purchaseSubscriptions({
    db,
    userId: member.userId,
    planIds: [all.id],
    billingPeriod: "monthly",
    totalAmount: all.price,
    idempotencyKey: crypto.randomUUID(),
  });
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
  // What "Change plan" writes (its own walk is in upgrades.spec.ts): VIP Signals at the next renewal.
  await db
    .update(subscriptions)
    .set({ scheduledPlanId: vip.id, scheduledBillingPeriod: "monthly", scheduledAt: new Date() })
    .where(eq(subscriptions.id, sub!.id));
  await renewNow(app, sub!.id, "failed");

  await openDashboard(page, "subscriptions");
  const rows = page.locator("[data-slot=member-subscription]");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(all.name);
  await expect(rows.first().locator("[data-column=status]")).toHaveText("Expired");
  await expect(rows.first().locator("[data-slot=scheduled-change]")).toHaveCount(0);
  await openDashboard(page, "billing-history");
  const failed = page.locator("tr[data-kind=renewal]");
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(`Renewal: ${all.name}, changing to ${vip.name} (monthly), due`);
  await expect(failed).toContainText("insufficient balance");
  await expect(failed.locator("[data-column=amount]")).toContainText(usd(vip.price));
  await expectAccessible(page, "a failed renewal of a scheduled downgrade");
});
