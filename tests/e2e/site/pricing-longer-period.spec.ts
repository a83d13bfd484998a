import { and, eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import {
  card,
  cart,
  cartTotal,
  confirmUpgradeOnDashboard,
  expectUpgradeDebits,
  memberHoldingForUpgrade,
  openPricing,
  priceAt,
  publishedPlan,
  usd,
} from "../support/pricing";

test("a member holding VIP Signals monthly switches to it quarterly on /pricing: credited, the monthly plan ends, the credited total is charged", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory, memberCarts } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const { member, terms, amounts, charged } = await memberHoldingForUpgrade(
    app,
    { page, context },
    { held: vip, to: vip, period: "quarterly", balance: vip.price * 4n },
  );

  await openPricing(page);
  // At the period held, the plan is subscribed: a shorter or the same period is not bought here.
  await expect(card(page, vip.name).getByRole("button", { name: "Subscribed" })).toBeDisabled();
  await page.getByRole("tab", { name: /Quarterly/ }).click();
  await card(page, vip.name).getByRole("button", { name: "Switch to quarterly" }).click();
  const shown = cart(page).locator("[data-slot=switch-arithmetic]");
  await expect(shown.getByRole("term")).toHaveText(terms);
  await expect(shown.getByRole("definition")).toHaveText(amounts);
  await expect(shown).toContainText(`${vip.name} ends when you confirm`);
  await expect(cartTotal(page)).toContainText(
    `${usd(charged)} today, then ${usd(priceAt(vip.price, "quarterly"))} /3 months`,
  );

  // Back at Monthly the plan leaves the cart and is subscribed again.
  await page.getByRole("tab", { name: "Monthly" }).click();
  await expect(card(page, vip.name).getByRole("button", { name: "Subscribed" })).toBeDisabled();
  await expect(cartTotal(page)).toContainText("$0.00");
  await page.getByRole("tab", { name: /Quarterly/ }).click();
  await card(page, vip.name).getByRole("button", { name: "Switch to quarterly" }).click();
  await expect(cartTotal(page)).toContainText(
    `${usd(charged)} today, then ${usd(priceAt(vip.price, "quarterly"))} /3 months`,
  );

  // Checkout continues on the dashboard with the cart kept with the account.
  await expect
    .poll(async () => {
      const [kept] = await db.select().from(memberCarts).where(eq(memberCarts.userId, member.userId));
      return kept && { planIds: kept.planIds, billingPeriod: kept.billingPeriod };
    })
    .toEqual({ planIds: [vip.id], billingPeriod: "quarterly" });
  await confirmUpgradeOnDashboard(page, amounts);

  const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
  expect(held.filter((sub) => sub.status === "active").map((sub) => [sub.planId, sub.billingPeriod])).toEqual([
    [vip.id, "quarterly"],
  ]);
  expect(held.find((sub) => sub.billingPeriod === "monthly")?.status).not.toBe("active");
  const [bill] = await db
    .select()
    .from(billingHistory)
    .where(and(eq(billingHistory.userId, member.userId), eq(billingHistory.billingPeriod, "quarterly")));
  expect(bill).toMatchObject({ creditAmount: vip.price, totalAmount: charged });
  await expectUpgradeDebits(app, { userId: member.userId, held: vip, charged });
});
