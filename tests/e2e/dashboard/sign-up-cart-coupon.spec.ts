import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { asc, eq } from "drizzle-orm";
import { orderReference } from "~/lib/orders";
import { expect, test } from "../support/fixtures";
import { creditBalance, openDashboard, submitSignUp, waitForHydration } from "../support/member";
import { publishedPlan, usd } from "../support/pricing";

// The side panel with the cart's discount line and the open order is the wide layout's.
test.use({ viewport: { width: 1440, height: 900 } });

type App = Parameters<typeof publishedPlan>[0];

/**
 * A new 50 % code for new members, applied on the sign-up form with a monthly plan in the cart
 * (`lowerCase`: typed in lower case), then the sign-up sent: the order is made with the code and
 * the dashboard's order section opens.
 */
async function signUpWithCode(page: Page, app: App, options: { prefix: string; lowerCase?: boolean }) {
  const { db } = app.testing.getDatabase();
  const { coupons, user } = app.testing.schema;
  const code = `${options.prefix}${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  await db.insert(coupons).values({ code, kind: "percent", percentOff: 50, newMembersOnly: true });
  const plan = await publishedPlan(app, "signals-bot");

  await page.goto(`/join/details?cart=monthly:${plan.id}`);
  await waitForHydration(page, "input#firstName");
  await page.getByLabel("Coupon code").fill(options.lowerCase ? code.toLowerCase() : code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("[data-slot=cart-discount]")).toContainText(code);
  const tag = crypto.randomBytes(4).toString("hex");
  const email = `${options.prefix.toLowerCase()}-${tag}@example.com`;
  await submitSignUp(page, {
    firstName: "Cody",
    lastName: "Coupon",
    email,
    password: "Analytical1",
    telegram: `cody_${tag}`,
  });
  await expect(page).toHaveURL(/\/dashboard\?section=order$/);
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { code, plan, account: account! };
}

test("a code applied at sign-up stays with the dashboard's cart: the open order is said there, and the order made again is charged the discounted price", async ({
  page,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { orders, profiles } = app.testing.schema;
  // Typed in lower case: codes are matched whatever their case.
  const { code, plan, account } = await signUpWithCode(page, app, {
    prefix: "HALF",
    lowerCase: true,
  });
  const half = plan.price / 2n;
  const [first] = await db.select().from(orders).where(eq(orders.userId, account.id));
  expect(first).toMatchObject({ status: "pending", couponCode: code, totalAmount: half });
  const reference = orderReference(first!.id);

  // Subscriptions: the kept cart has the code applied, and says the order awaiting payment.
  await openDashboard(page, "subscriptions");
  const cart = page.getByRole("complementary", { name: "Your cart" });
  await expect(cart.locator("[data-slot=cart-discount]")).toHaveText(`Discount (code ${code})−${usd(half)} USDT`);
  await expect(cart.locator("[data-slot=cart-total]")).toContainText(usd(half));
  const awaiting = cart.locator("[data-slot=cart-open-order]");
  await expect(awaiting).toContainText(`You have an order awaiting payment: ${reference} ${usd(half)} USDT`);
  await awaiting.getByRole("link", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=order$/);
  await expect(page.locator("[data-slot=order-due]")).toHaveText(`${usd(half)} USDT`);

  // Subscribe instead: the confirmation has the code, and Continue to Pay's order keeps the discount.
  await openDashboard(page, "subscriptions");
  await cart.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await expect(dialog.locator("[data-slot=cart-discount]")).toHaveText(`Discount (code ${code})−${usd(half)} USDT`);
  await dialog.getByRole("button", { name: "Continue to Pay" }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=order$/);
  await expect(page.locator("[data-slot=order-due]")).toHaveText(`${usd(half)} USDT`);

  // The money arrives: the order is paid at half price, and nothing is left over or owed.
  await creditBalance(app, account.id, half);
  await expect(page.getByText("Paid — your subscription is active.")).toBeVisible({ timeout: 30_000 });
  const rows = await db.select().from(orders).where(eq(orders.userId, account.id)).orderBy(asc(orders.createdAt));
  expect(rows).toMatchObject([
    { status: "cancelled", totalAmount: half },
    { status: "paid", couponCode: code, listAmount: plan.price, totalAmount: half },
  ]);
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, account.id));
  expect(profile!.balance).toBe(0n);
});

test("the code removed in the dashboard's cart stays removed after a reload", async ({ page, app }) => {
  const { db } = app.testing.getDatabase();
  const { memberCarts } = app.testing.schema;
  const { code, plan, account } = await signUpWithCode(page, app, { prefix: "GONE" });

  // The kept cart has the code; Remove code in the confirmation takes it off.
  await openDashboard(page, "subscriptions");
  const cart = page.getByRole("complementary", { name: "Your cart" });
  await expect(cart.locator("[data-slot=cart-discount]")).toContainText(code);
  await cart.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await dialog.getByRole("button", { name: "Remove code" }).click();
  await expect(dialog.locator("[data-slot=cart-discount]")).toHaveCount(0);
  await expect
    .poll(async () => (await db.select().from(memberCarts).where(eq(memberCarts.userId, account.id)))[0]?.couponCode)
    .toBeNull();

  // Back again: the cart has its plan, without the code.
  await page.reload();
  await waitForHydration(page);
  await expect(cart.getByText(plan.name)).toBeVisible();
  await expect(cart.locator("[data-slot=cart-total]")).toContainText(usd(plan.price));
  await expect(cart.locator("[data-slot=cart-discount]")).toHaveCount(0);
});

test("a code applied in the dashboard's cart in place of the sign-up's is still applied after a reload", async ({
  page,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, memberCarts } = app.testing.schema;
  const { code: first, plan, account } = await signUpWithCode(page, app, { prefix: "FIRST" });
  const second = `TENTH${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  await db.insert(coupons).values({ code: second, kind: "percent", percentOff: 10 });
  const tenth = plan.price / 10n;

  // In the confirmation: the sign-up's code off, another one on; the dialog closed without buying.
  await openDashboard(page, "subscriptions");
  const cart = page.getByRole("complementary", { name: "Your cart" });
  await expect(cart.locator("[data-slot=cart-discount]")).toContainText(first);
  await cart.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await dialog.getByRole("button", { name: "Remove code" }).click();
  await dialog.getByLabel("Coupon code").fill(second.toLowerCase());
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.locator("[data-slot=cart-discount]")).toHaveText(`Discount (code ${second})−${usd(tenth)} USDT`);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(async () => (await db.select().from(memberCarts).where(eq(memberCarts.userId, account.id)))[0]?.couponCode)
    .toBe(second);

  // Back again, this tab's own code forgotten too: the cart has the code applied here.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await waitForHydration(page);
  await expect(cart.locator("[data-slot=cart-discount]")).toHaveText(`Discount (code ${second})−${usd(tenth)} USDT`);
  await expect(cart.locator("[data-slot=cart-total]")).toContainText(usd(plan.price - tenth));
});
