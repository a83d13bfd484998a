import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { buyOnDashboard, signInNewMember } from "../support/member";
import {
  card,
  cart,
  cartItems,
  cartTotal,
  confirmUpgradeOnDashboard,
  expectUpgradeDebits,
  memberHoldingForUpgrade,
  nextStep,
  openPricing,
  usd,
  vipAndAllInOne,
} from "../support/pricing";

/** The script requests for the cart's credit module, counted from now on. */
function creditModuleRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/cart-credit-[\w-]+\.js$/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

test("a member holding VIP Signals adds All-in-One on /pricing, sees the credit for its unused days and the new total, and pays that total", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory, memberCarts } = app.testing.schema;
  const { vip, all } = await vipAndAllInOne(app);
  const { member, rows, terms, amounts, charged } = await memberHoldingForUpgrade(
    app,
    { page, context },
    { held: vip, to: all, balance: vip.price + all.price },
  );

  const creditRequests = creditModuleRequests(page);
  await openPricing(page);
  // Nothing in the cart replaces a held plan yet: the credit's module is not fetched.
  await expect(cartTotal(page)).toContainText("$0.00");
  expect(creditRequests).toEqual([]);

  await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
  const shown = cart(page).locator("[data-slot=switch-arithmetic]");
  await expect(shown.getByRole("term")).toHaveText(terms);
  await expect(shown.getByRole("definition")).toHaveText(amounts);
  await expect(shown).toContainText(`${vip.name} ends when you confirm`);
  // The credited total is today's alone: renewals cost the list price.
  await expect(cartTotal(page)).toContainText(
    `${usd(charged)} today, then ${usd(all.price)} /month${usd(vip.price)} credit for unused time`,
  );
  expect(creditRequests).toHaveLength(1);
  await expectAccessible(page, "pricing cart with an upgrade's credit");

  // The cart kept with the account holds it: the server renders the page with the credit in
  // place, before any script runs (the member's page only: it carries their cookie, never cached).
  await expect
    .poll(async () => (await db.select().from(memberCarts).where(eq(memberCarts.userId, member.userId)))[0]?.planIds)
    .toEqual([all.id]);
  const html = await (await page.request.get("/pricing")).text();
  for (const [term, amount] of rows) {
    expect(html).toContain(`>${term}</dt>`);
    expect(html).toContain(`>${amount}</dd>`);
  }

  // Checkout on the dashboard charges the total the cart showed.
  await confirmUpgradeOnDashboard(page, amounts);

  const [bill] = await db
    .select()
    .from(billingHistory)
    .where(and(eq(billingHistory.userId, member.userId), eq(billingHistory.listAmount, all.price)));
  expect(bill).toMatchObject({ creditAmount: vip.price, totalAmount: charged });
  await expectUpgradeDebits(app, { userId: member.userId, held: vip, charged });
  const active = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.userId), eq(subscriptions.status, "active")));
  expect(active.map((sub) => sub.planId)).toEqual([all.id]);
});

test("a visitor's cart, and a member's without an upgrade, show the list price and never fetch the credit", async ({
  page,
  context,
  app,
}) => {
  const { vip, all } = await vipAndAllInOne(app);
  const creditRequests = creditModuleRequests(page);
  await openPricing(page);
  await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartTotal(page)).toContainText(usd(all.price));
  await expect(cart(page).locator("[data-slot=switch-arithmetic]")).toHaveCount(0);

  // Signed in without any plan: nothing to credit.
  await signInNewMember(app, context);
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartTotal(page)).toContainText(usd(vip.price + all.price));
  await expect(cart(page).locator("[data-slot=switch-arithmetic]")).toHaveCount(0);
  expect(creditRequests).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the pinned bar's total is the credited one and says the credit", async ({ page, context, app }) => {
    const { vip, all } = await vipAndAllInOne(app);
    await signInNewMember(app, context, { balance: vip.price });
    await buyOnDashboard(page, vip.name);
    await openPricing(page);
    await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
    await expect(cartTotal(page)).toContainText(usd(all.price - vip.price));
    await expect(cart(page).locator("[data-slot=cart-credit-note]")).toHaveText(
      `${usd(vip.price)} credit for unused time`,
    );
    // The arithmetic is folded away with the items, and shown with them.
    await expect(cart(page).locator("[data-slot=switch-arithmetic]")).toBeHidden();
    await cart(page).getByRole("button", { name: "Show cart items" }).click();
    await expect(cart(page).locator("[data-slot=switch-arithmetic]")).toBeVisible();
  });
});

test("VIP Signals put in the cart as a visitor, then signed in holding All-in-One: the cart says it is already included, and checkout waits", async ({
  page,
  context,
  app,
}) => {
  const { vip, all } = await vipAndAllInOne(app);
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartItems(page)).toHaveText([new RegExp(vip.name)]);

  const member = await signInNewMember(app, context, { balance: all.price });
  await app.testing.purchaseSubscriptions({
    db: app.testing.getDatabase().db,
    userId: member.userId,
    planIds: [all.id],
    billingPeriod: "monthly",
    totalAmount: all.price,
    idempotencyKey: crypto.randomUUID(),
  });
  await openPricing(page);
  await expect(cartItems(page)).toHaveText([new RegExp(`${vip.name}.*Already included in ${all.name}`)]);
  await expect(nextStep(page)).toBeDisabled();
  // Taken out, the card says why it cannot go back in.
  await card(page, vip.name).getByRole("button", { name: "Remove from cart" }).click();
  await expect(card(page, vip.name).getByRole("button", { name: `Included in ${all.name}` })).toBeDisabled();
});
