import { and, eq } from "drizzle-orm";
import { answered } from "../support/answered";
import { expect, test } from "../support/fixtures";
import { buyOnDashboard, signInNewMember } from "../support/member";
import {
  card,
  cart,
  cartTotal,
  nextStep,
  openPricing,
  publishedPlan,
  upgradeCreditRows,
  usd,
} from "../support/pricing";

test("a member holding VIP Signals monthly switches to it quarterly on /pricing: credited, the monthly plan ends, the credited total is charged", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory, ledgerEntries, memberCarts } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const member = await signInNewMember(app, context, { balance: vip.price * 4n });
  await buyOnDashboard(page, vip.name);
  const { terms, amounts, charged } = await upgradeCreditRows(app, {
    userId: member.userId,
    held: vip,
    to: vip,
    period: "quarterly",
  });

  await openPricing(page);
  // At the period held, the plan is subscribed: a shorter or the same period is not bought here.
  await expect(card(page, vip.name).getByRole("button", { name: "Subscribed" })).toBeDisabled();
  await page.getByRole("tab", { name: /Quarterly/ }).click();
  await card(page, vip.name).getByRole("button", { name: "Switch to quarterly" }).click();
  const shown = cart(page).locator("[data-slot=switch-arithmetic]");
  await expect(shown.getByRole("term")).toHaveText(terms);
  await expect(shown.getByRole("definition")).toHaveText(amounts);
  await expect(shown).toContainText(`${vip.name} ends when you confirm`);
  await expect(cartTotal(page)).toContainText(`${usd(charged)} due now`);

  // Back at Monthly the plan leaves the cart and is subscribed again.
  await page.getByRole("tab", { name: "Monthly" }).click();
  await expect(card(page, vip.name).getByRole("button", { name: "Subscribed" })).toBeDisabled();
  await expect(cartTotal(page)).toContainText("$0.00");
  await page.getByRole("tab", { name: /Quarterly/ }).click();
  await card(page, vip.name).getByRole("button", { name: "Switch to quarterly" }).click();
  await expect(cartTotal(page)).toContainText(`${usd(charged)} due now`);

  // Checkout continues on the dashboard with the cart kept with the account.
  await expect
    .poll(async () => {
      const [kept] = await db.select().from(memberCarts).where(eq(memberCarts.userId, member.userId));
      return kept && { planIds: kept.planIds, billingPeriod: kept.billingPeriod };
    })
    .toEqual({ planIds: [vip.id], billingPeriod: "quarterly" });
  await nextStep(page).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await expect(dialog.locator("[data-slot=switch-arithmetic]").getByRole("definition")).toHaveText(amounts);
  // The purchase's answer, not a toast: an earlier purchase's toast may still be on screen.
  await answered(page, () => dialog.getByRole("button", { name: "Confirm purchase" }).click());
  await expect(page.getByText("Subscriptions activated successfully!").first()).toBeVisible();

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
  const debits = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId)))
    .filter((entry) => entry.amount < 0n)
    .map((entry) => entry.amount);
  expect(new Set(debits)).toEqual(new Set([-vip.price, -charged]));
  expect(debits).toHaveLength(2);
});
