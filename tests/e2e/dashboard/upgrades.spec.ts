import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { buyOnDashboard, confirmPurchase, markEmailVerified, openDashboard, signInNewMember } from "../support/member";
import { card, cart, cartItems, memberHoldingForUpgrade, nextStep, publishedPlan, usd } from "../support/pricing";

type App = Parameters<typeof publishedPlan>[0];

/** The demo plans' chats as the seed sets them: All-in-One's include VIP Signals'. */
async function vipAndAll(app: App) {
  const { db } = app.testing.getDatabase();
  const { planTelegramChats } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const all = await publishedPlan(app, "all-in-one");
  const chatsOf = async (planId: number) =>
    (await db.select().from(planTelegramChats).where(eq(planTelegramChats.planId, planId))).map((row) => row.chatId);
  const [vipChats, allChats] = [await chatsOf(vip.id), await chatsOf(all.id)];
  expect(vipChats.length).toBeGreaterThan(0);
  expect(vipChats.every((chat) => allChats.includes(chat)) && allChats.length > vipChats.length).toBe(true);
  return { vip, all };
}

test("an upgrade from VIP Signals to All-in-One shows the arithmetic first and charges the price less the unused days; VIP Signals is then 'Already included' in the carts", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory, memberCarts } = app.testing.schema;
  const { vip, all } = await vipAndAll(app);
  const { member, terms, amounts, charged } = await memberHoldingForUpgrade(
    app,
    { page, context },
    { held: vip, to: all, balance: vip.price + all.price },
  );

  await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
  // The credit comes off the first period only: the cart's total says what the renewals cost.
  await expect(page.locator('aside [data-slot="cart-total"]')).toHaveText(
    `${usd(charged)} today, then ${usd(all.price)} /month`,
  );
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  const arithmetic = dialog.locator("[data-slot=switch-arithmetic]");
  await expect(arithmetic.getByRole("term")).toHaveText(terms);
  await expect(arithmetic.getByRole("definition")).toHaveText(amounts);
  await expect(arithmetic).toContainText(`${vip.name} ends when you confirm`);
  await expectAccessible(page, "confirm an upgrade");
  await confirmPurchase(page);

  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
  expect(subs.filter((sub) => sub.status === "active").map((sub) => sub.planId)).toEqual([all.id]);
  const [bill] = await db
    .select()
    .from(billingHistory)
    .where(and(eq(billingHistory.userId, member.userId), eq(billingHistory.creditAmount, vip.price)));
  expect(bill).toMatchObject({ listAmount: all.price, totalAmount: charged });

  // VIP Signals is inside All-in-One now: its card says so, and a cart holding it says why checkout waits.
  await expect(card(page, vip.name).getByRole("button", { name: `Included in ${all.name}` })).toBeDisabled();
  await db
    .insert(memberCarts)
    .values({ userId: member.userId, planIds: [vip.id], billingPeriod: "monthly" })
    .onConflictDoUpdate({ target: memberCarts.userId, set: { planIds: [vip.id] } });
  await openDashboard(page, "subscriptions");
  const dashboardCart = page.getByRole("complementary", { name: "Your cart" });
  await expect(dashboardCart.locator("[data-slot=cart-item-note]")).toHaveText(`Already included in ${all.name}`);
  await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeDisabled();

  await page.goto("/pricing");
  await expect(cartItems(page)).toHaveText([new RegExp(`${vip.name}.*Already included in ${all.name}`)]);
  await expect(nextStep(page)).toBeDisabled();
  await expect(cart(page)).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a downgrade is scheduled for the next renewal, shown as scheduled, and undone", async ({
    page,
    context,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { subscriptions } = app.testing.schema;
    const { vip, all } = await vipAndAll(app);
    const member = await signInNewMember(app, context, { balance: all.price });
    await buyOnDashboard(page, all.name);
    const row = page.locator("[data-slot=member-subscription]").filter({ hasText: all.name });
    await row.getByRole("button", { name: "Change plan" }).click();
    const dialog = page.getByRole("dialog", { name: `Change ${all.name}` });
    await expect(dialog).toContainText("takes effect at your next renewal");
    await dialog.getByRole("radio", { name: new RegExp(`${vip.name} \\(monthly\\)`) }).check();
    await expectAccessible(page, "change plan at renewal");
    await dialog.getByRole("button", { name: "Schedule change" }).click();
    await expect(page.getByText(/Change scheduled for/)).toBeVisible();
    await expect(row.locator("[data-slot=scheduled-change]")).toContainText(`Scheduled: ${vip.name} (monthly) from`);
    const [scheduled] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
    expect(scheduled).toMatchObject({ planId: all.id, scheduledPlanId: vip.id, scheduledBillingPeriod: "monthly" });

    await row.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Scheduled change undone")).toBeVisible();
    await expect(row.getByRole("button", { name: "Change plan" })).toBeVisible();
    const [undone] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
    expect(undone).toMatchObject({ planId: all.id, scheduledPlanId: null });
  });

  test("the dashboard's cart says 'Already included' in its pinned bar", async ({ page, context, app }) => {
    const { db } = app.testing.getDatabase();
    const { memberCarts } = app.testing.schema;
    const { vip, all } = await vipAndAll(app);
    const member = await signInNewMember(app, context, { balance: all.price });
    await buyOnDashboard(page, all.name);
    await db
      .insert(memberCarts)
      .values({ userId: member.userId, planIds: [vip.id], billingPeriod: "monthly" })
      .onConflictDoUpdate({ target: memberCarts.userId, set: { planIds: [vip.id] } });
    await openDashboard(page, "subscriptions");
    await expect(page.locator("[data-slot=cart-refusal]")).toHaveText(`Already included in ${all.name}`);
    await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeDisabled();
  });
});

test("a held monthly plan switched to quarterly from the dashboard's Quarterly tab: credited, the monthly one ended", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory } = app.testing.schema;
  const { vip } = await vipAndAll(app);
  const member = await signInNewMember(app, context, { balance: vip.price * 4n });
  await buyOnDashboard(page, vip.name);

  // The tab must stay on Quarterly (the member's kept cart is monthly) and offer the switch.
  await page.getByRole("tab", { name: /Quarterly/ }).click();
  await expect(page.getByRole("tab", { name: /Quarterly/ })).toHaveAttribute("aria-selected", "true");
  const switchButton = card(page, vip.name).getByRole("button", { name: "Switch to quarterly" });
  await expect(switchButton).toBeVisible();
  await switchButton.click();
  await expect(page.getByRole("tab", { name: /Quarterly/ })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  const arithmetic = dialog.locator("[data-slot=switch-arithmetic]");
  await expect(arithmetic).toContainText(`${vip.name} ends when you confirm`);
  await confirmPurchase(page);

  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
  expect(subs.filter((sub) => sub.status === "active").map((sub) => [sub.planId, sub.billingPeriod])).toEqual([
    [vip.id, "quarterly"],
  ]);
  expect(subs).toHaveLength(2);
  const [bill] = await db
    .select()
    .from(billingHistory)
    .where(and(eq(billingHistory.userId, member.userId), eq(billingHistory.creditAmount, vip.price)));
  expect(bill!.totalAmount).toBe(bill!.listAmount! - vip.price);
});

test("turning autorenew off drops a scheduled change: there is no renewal left for it to happen at", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions } = app.testing.schema;
  const { vip, all } = await vipAndAll(app);
  const member = await signInNewMember(app, context, { balance: all.price });
  await buyOnDashboard(page, all.name);
  const row = page.locator("[data-slot=member-subscription]").filter({ hasText: all.name });
  await row.getByRole("button", { name: "Change plan" }).click();
  const dialog = page.getByRole("dialog", { name: `Change ${all.name}` });
  await dialog.getByRole("radio", { name: new RegExp(`${vip.name} \\(monthly\\)`) }).check();
  await dialog.getByRole("button", { name: "Schedule change" }).click();
  await expect(row.locator("[data-slot=scheduled-change]")).toBeVisible();

  await row.getByRole("switch", { name: `Autorenew ${all.name}` }).click();
  await expect(page.getByText("Autorenew disabled")).toBeVisible();
  // The plan now ends on its date: no "Scheduled" line promising a change that cannot come.
  await expect(row.locator("[data-slot=scheduled-change]")).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Change plan" })).toBeVisible();
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
  expect(sub).toMatchObject({ autorenew: false, scheduledPlanId: null, scheduledBillingPeriod: null });
});

test.describe("a trial refused", () => {
  // The refused start answers 409, which the browser logs as a failed load.
  test.use({ expectedConsoleErrors: [/status of 409 .*\/dashboard\/trial\/\d+/] });

  test("a free trial of VIP Signals is refused once All-in-One is held: its conversion would charge for channels already paid for", async ({
    page,
    context,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { pricing, subscriptions } = app.testing.schema;
    const { vip, all } = await vipAndAll(app);
    const member = await signInNewMember(app, context, { balance: all.price });
    await markEmailVerified(app, member.userId);
    await db.update(pricing).set({ trialDays: 7 }).where(eq(pricing.id, vip.id));
    try {
      await page.goto(`/dashboard/trial/${vip.id}`);
      const start = page.getByRole("button", { name: "Start free trial" });
      await expect(start).toBeVisible();
      // All-in-One bought meanwhile (another tab): the trial page's button is refused, and says why.
      await app.testing.purchaseSubscriptions({
        db,
        userId: member.userId,
        planIds: [all.id],
        billingPeriod: "monthly",
        totalAmount: all.price,
        idempotencyKey: crypto.randomUUID(),
      });
      await start.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Already included in ${all.name}`);
      await expect(page.getByRole("alert")).toHaveText(
        `${vip.name} is part of a plan you already have, so its free trial would add nothing.`,
      );
      // Opened again, the page leads with the refusal, in the purchase's words, and promises no
      // trial: no end date, no "subscribe to get it again", the way back to their subscriptions.
      await page.reload();
      const trialCard = page.locator('[data-slot="trial-offer"]');
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Already included in ${all.name}`);
      await expect(trialCard).not.toContainText("Start your");
      await expect(trialCard).not.toContainText("Your trial ends on");
      await expect(trialCard).not.toContainText("get it again");
      await expect(page.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      await page.getByRole("link", { name: "See your subscriptions" }).click();
      await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
      const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
      expect(held.map((sub) => sub.planId)).toEqual([all.id]);
    } finally {
      await db.update(pricing).set({ trialDays: vip.trialDays }).where(eq(pricing.id, vip.id));
    }
  });
});
