import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { expect, test } from "../support/fixtures";
import { holdScripts, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { buyOnDashboard, confirmPurchase, openDashboard, signInNewMember } from "../support/member";
import { card, priceAt, publishedPlan, upgradeCreditRows, usd, type Fixture } from "../support/pricing";

const DAY = 86_400_000;

const subscriptionRow = (page: Page, text: string | RegExp) =>
  page.locator("[data-slot=member-subscription]").filter({ hasText: text });

/** Buys one plan at `period` on the dashboard, as the member does: the period's tab, the card, Subscribe. */
async function buyAt(page: Page, planName: string, period: "Quarterly" | "Lifetime") {
  await openDashboard(page, "subscriptions");
  await page.getByRole("tab", { name: new RegExp(period) }).click();
  await card(page, planName).getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await confirmPurchase(page);
}

/** The member's subscriptions and billing rows, as the database holds them. */
async function rowsOf(app: Fixture, userId: string) {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory, ledgerEntries } = app.testing.schema;
  return {
    subs: await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    bills: await db.select().from(billingHistory).where(eq(billingHistory.userId, userId)),
    debits: (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)))
      .filter((row) => row.amount < 0n)
      .map((row) => row.amount),
  };
}

test("an upgrade ten days into VIP Signals credits the twenty days left, to the cent, and charges the rest", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const all = await publishedPlan(app, "all-in-one");
  const member = await signInNewMember(app, context, { balance: vip.price + all.price });
  await buyOnDashboard(page, vip.name);

  // Bought ten days ago: the subscription and the bill that paid its period move back together.
  const [held] = (await rowsOf(app, member.userId)).subs;
  const back = (date: Date | null) => new Date(date!.getTime() - 10 * DAY);
  const [bill] = (await rowsOf(app, member.userId)).bills;
  await db
    .update(subscriptions)
    .set({ startDate: back(held!.startDate), nextBillingDate: back(held!.nextBillingDate) })
    .where(eq(subscriptions.id, held!.id));
  await db
    .update(billingHistory)
    .set({ periodStart: back(bill!.periodStart), periodEnd: back(bill!.periodEnd), issueDate: back(bill!.issueDate) })
    .where(eq(billingHistory.id, bill!.id));
  // Worked out here, not by the app: what was paid × days left ÷ the period's days, down to the cent.
  const periodDays = Math.round((held!.nextBillingDate!.getTime() - held!.startDate.getTime()) / DAY);
  const daysLeft = periodDays - 10;
  const credit = ((vip.price * BigInt(daysLeft)) / BigInt(periodDays) / 10_000n) * 10_000n;
  expect(credit).toBeLessThan(vip.price);
  const charged = all.price - credit;

  await openDashboard(page, "subscriptions");
  await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const arithmetic = page.getByRole("dialog", { name: "Confirm purchase" }).locator("[data-slot=switch-arithmetic]");
  await expect(arithmetic.getByRole("term")).toHaveText([
    "List price",
    `Credit for unused ${daysLeft} days of ${vip.name}`,
    "Amount charged",
  ]);
  await expect(arithmetic.getByRole("definition")).toHaveText([
    `${usd(all.price)} USDT`,
    `\u2212${usd(credit)} USDT`,
    `${usd(charged)} USDT`,
  ]);
  await confirmPurchase(page);

  // VIP Signals ended at the switch, on the page and in the rows; the charge is the one shown.
  await expect(subscriptionRow(page, vip.name).locator("[data-column=status]")).toHaveText("Cancelled");
  await expect(subscriptionRow(page, all.name).locator("[data-column=status]")).toHaveText("Active");
  const after = await rowsOf(app, member.userId);
  expect(after.bills.find((row) => row.listAmount === all.price)).toMatchObject({
    creditAmount: credit,
    totalAmount: charged,
  });
  expect(after.debits.sort()).toEqual([-vip.price, -charged].sort());
});

test("monthly VIP Signals switched to lifetime on the dashboard: the arithmetic first, the monthly plan ended", async ({
  page,
  context,
  app,
}) => {
  const vip = await publishedPlan(app, "vip-signals");
  const lifetime = priceAt(vip.price, "lifetime");
  const member = await signInNewMember(app, context, { balance: vip.price + lifetime });
  await buyOnDashboard(page, vip.name);
  const { terms, amounts, charged } = await upgradeCreditRows(app, {
    userId: member.userId,
    held: vip,
    to: vip,
    period: "lifetime",
  });

  await page.getByRole("tab", { name: "Lifetime" }).click();
  await card(page, vip.name).getByRole("button", { name: "Switch to lifetime" }).click();
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const arithmetic = page.getByRole("dialog", { name: "Confirm purchase" }).locator("[data-slot=switch-arithmetic]");
  await expect(arithmetic.getByRole("term")).toHaveText(terms);
  await expect(arithmetic.getByRole("definition")).toHaveText(amounts);
  await expect(arithmetic).toContainText(`${vip.name} ends when you confirm`);
  await confirmPurchase(page);

  await expect(subscriptionRow(page, "Lifetime").locator("[data-column=status]")).toHaveText("Active");
  await expect(subscriptionRow(page, "Monthly").locator("[data-column=status]")).toHaveText("Cancelled");
  const { subs, debits } = await rowsOf(app, member.userId);
  expect(subs.filter((sub) => sub.status === "active").map((sub) => sub.billingPeriod)).toEqual(["lifetime"]);
  expect(debits.sort()).toEqual([-vip.price, -charged].sort());
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("quarterly VIP Signals changed to monthly: scheduled, undone with an early tap, scheduled again, and applied at the renewal", async ({
    page,
    context,
    app,
  }) => {
    const vip = await publishedPlan(app, "vip-signals");
    const member = await signInNewMember(app, context, { balance: priceAt(vip.price, "quarterly") + vip.price });
    await buyAt(page, vip.name, "Quarterly");
    const row = subscriptionRow(page, vip.name);
    const [quarterly] = (await rowsOf(app, member.userId)).subs;
    const due = quarterly!.nextBillingDate!;

    const schedule = async () => {
      await row.getByRole("button", { name: "Change plan" }).click();
      const dialog = page.getByRole("dialog", { name: `Change ${vip.name}` });
      await expect(dialog).toContainText(`takes effect at your next renewal, on ${formatDate(due.toISOString())}`);
      // A shorter period of the plan held is the one choice it has.
      await expect(dialog.getByRole("radio")).toHaveCount(1);
      await dialog.getByRole("radio", { name: new RegExp(`${vip.name} \\(monthly\\)`) }).check();
      await dialog.getByRole("button", { name: "Schedule change" }).click();
      await expect(row.locator("[data-slot=scheduled-change]")).toHaveText(
        new RegExp(`Scheduled: ${vip.name} \\(monthly\\) from ${formatDate(due.toISOString())}`),
      );
    };
    await schedule();
    // Nothing changed yet: still quarterly, active.
    await expect(row.locator("[data-column=period]")).toHaveText("Quarterly");

    // Undo, tapped on a slow phone before the dashboard's scripts have run.
    await holdScripts(page);
    await openBeforeScripts(page, "/dashboard?section=subscriptions");
    await tapBeforeScripts(row.getByRole("button", { name: "Undo" }));
    await expect(page.getByText("Scheduled change undone")).toBeVisible();
    await expect(row.getByRole("button", { name: "Change plan" })).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await openDashboard(page, "subscriptions");
    await schedule();

    // The renewal comes: the change takes effect, charged at the monthly price, a month on.
    const outcome = await app.testing.renewSubscription({
      db: app.testing.getDatabase().db,
      subscriptionId: quarterly!.id,
      now: new Date(due.getTime() + 60_000),
    });
    expect(outcome).toBe("charged");
    await openDashboard(page, "subscriptions");
    await expect(row.locator("[data-column=period]")).toHaveText("Monthly");
    await expect(row.locator("[data-column=status]")).toHaveText("Active");
    await expect(row.locator("[data-slot=scheduled-change]")).toHaveCount(0);
    const { subs, debits } = await rowsOf(app, member.userId);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ billingPeriod: "monthly", scheduledPlanId: null, status: "active" });
    expect(debits.sort()).toEqual([-priceAt(vip.price, "quarterly"), -vip.price].sort());
  });
});

test("All-in-One changed to VIP Signals takes effect at the renewal: VIP Signals charged, All-in-One on sale again", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { billingHistory } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const all = await publishedPlan(app, "all-in-one");
  const member = await signInNewMember(app, context, { balance: all.price + vip.price });
  await buyOnDashboard(page, all.name);
  const row = subscriptionRow(page, all.name);
  await row.getByRole("button", { name: "Change plan" }).click();
  const dialog = page.getByRole("dialog", { name: `Change ${all.name}` });
  await dialog.getByRole("radio", { name: new RegExp(`${vip.name} \\(monthly\\)`) }).check();
  await dialog.getByRole("button", { name: "Schedule change" }).click();
  await expect(row.locator("[data-slot=scheduled-change]")).toContainText(`Scheduled: ${vip.name} (monthly) from`);
  // Until the renewal All-in-One is what the member has.
  await expect(card(page, vip.name).getByRole("button", { name: `Included in ${all.name}` })).toBeDisabled();

  const [held] = (await rowsOf(app, member.userId)).subs;
  await app.testing.renewSubscription({
    db,
    subscriptionId: held!.id,
    now: new Date(held!.nextBillingDate!.getTime() + 60_000),
  });
  await openDashboard(page, "subscriptions");
  const renewed = subscriptionRow(page, vip.name);
  await expect(renewed.locator("[data-column=status]")).toHaveText("Active");
  await expect(subscriptionRow(page, all.name)).toHaveCount(0);
  await expect(card(page, vip.name).getByRole("button", { name: "Subscribed" })).toBeDisabled();
  await expect(card(page, all.name).getByRole("button", { name: "Add to cart" })).toBeEnabled();
  const [renewal] = await db
    .select()
    .from(billingHistory)
    .where(and(eq(billingHistory.userId, member.userId), eq(billingHistory.totalAmount, vip.price)));
  expect(renewal).toMatchObject({ status: "paid", planNames: [vip.name] });
});
