import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { holdScripts, isHydrated, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { confirmPurchase, creditBalance, signInNewMember, submitSignUp } from "../support/member";
import { card, cart, cartTotal, nextStep, openPricing, publishedPlan, usd, type Fixture } from "../support/pricing";
import { expectNoSidewaysScroll } from "../support/sideways";

// A refused code is the check's 400 or 409, which Chromium logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 40[09] .*\/api\/coupons\/check/] });

const newCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString("hex").toUpperCase()}`;

async function makeCode(
  app: Fixture,
  values: { percentOff?: number; duration?: "forever" | "repeating"; durationRenewals?: number } = {},
) {
  const { db } = app.testing.getDatabase();
  const code = newCode("CART");
  await db.insert(app.testing.schema.coupons).values({ code, kind: "percent", percentOff: 20, ...values });
  return code;
}

const codeField = (scope: ReturnType<typeof cart>) => scope.getByLabel("Coupon code");
const applyButton = (scope: ReturnType<typeof cart>) => scope.getByRole("button", { name: "Apply" });

test("a visitor applies a code in /pricing's cart, sees the discount and new total, signs up and is charged the discounted amount", async ({
  page,
  app,
}) => {
  const vip = await publishedPlan(app, "vip-signals");
  const code = await makeCode(app);
  const discounted = vip.price - vip.price / 5n;
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartTotal(page)).toContainText(usd(vip.price));

  // A code that does not exist says so under the field, and changes nothing.
  await codeField(cart(page)).fill("nosuchcode");
  await applyButton(cart(page)).click();
  await expect(cart(page).getByText("This code is not valid. Check it and try again.")).toBeVisible();
  await expect(cartTotal(page)).toContainText(usd(vip.price));

  // Typed in lower case: codes ignore case.
  await codeField(cart(page)).fill(code.toLowerCase());
  await applyButton(cart(page)).click();
  await expect(cart(page).locator("[data-slot=cart-discount]")).toHaveText(
    `Discount (code ${code})−${usd(vip.price / 5n)} USDT`,
  );
  // A first-period code: the total is today's, the renewals cost the list price.
  await expect(cartTotal(page)).toContainText(`${usd(discounted)} today, then ${usd(vip.price)} /month`);
  await expect(cart(page).getByText(`Code ${code} applied.`)).toBeVisible();
  await expectAccessible(page, "pricing cart with a code");

  // The code travels with the cart to sign-up, which shows it and the new total beside the form.
  await nextStep(page).click();
  await expect(page).toHaveURL(/\/join\/details$/);
  await expect(page.getByText(`Code ${code} applied.`)).toBeVisible();
  const summary = page.getByRole("complementary", { name: "Your selection" });
  await expect(summary.locator("[data-slot=cart-discount]")).toContainText(`Discount (code ${code})`);
  await expect(summary).toContainText("Total");
  await expect(summary).not.toContainText("Total (per month)");
  await expect(summary.locator("[data-slot=cart-total]")).toHaveText(
    `${usd(discounted)} USDTtoday, then ${usd(vip.price)} /month`,
  );
  const tag = crypto.randomBytes(4).toString("hex");
  const email = `coupon-${tag}@example.com`;
  await submitSignUp(page, {
    firstName: "Cora",
    lastName: "Coupon",
    email,
    password: "Analytical1",
    telegram: `cora_${tag}`,
  });
  await expect(page).toHaveURL(/\/dashboard\?section=order$/);
  await expect(page.locator("[data-slot=order-due]")).toHaveText(`${usd(discounted)} USDT`);
  await expect(page.getByText(`Discount (code ${code})`)).toBeVisible();

  // The order keeps the code; once the balance covers it, the member is charged the discounted amount.
  const { db } = app.testing.getDatabase();
  const { user, orders, billingHistory, ledgerEntries } = app.testing.schema;
  const [account] = await db.select().from(user).where(eq(user.email, email));
  const [order] = await db.select().from(orders).where(eq(orders.userId, account!.id));
  expect(order).toMatchObject({ couponCode: code, listAmount: vip.price, totalAmount: discounted });
  await creditBalance(app, account!.id, discounted);
  await app.testing.completeCoveredOrder({ db, userId: account!.id });
  const [bill] = await db.select().from(billingHistory).where(eq(billingHistory.orderId, order!.id));
  expect(bill).toMatchObject({
    listAmount: vip.price,
    discountAmount: vip.price / 5n,
    couponCode: code,
    totalAmount: discounted,
  });
  const debits = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, account!.id))).filter(
    (entry) => entry.amount < 0n,
  );
  expect(debits.map((entry) => entry.amount)).toEqual([-discounted]);
});

test("a signed-in member's code applied on /pricing travels to the dashboard's confirmation and is charged", async ({
  page,
  context,
  app,
}) => {
  const vip = await publishedPlan(app, "vip-signals");
  const code = await makeCode(app);
  const discounted = vip.price - vip.price / 5n;
  const member = await signInNewMember(app, context, { balance: vip.price });
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await codeField(cart(page)).fill(code);
  await applyButton(cart(page)).click();
  await expect(cartTotal(page)).toContainText(usd(discounted));

  // A member's Next Step leads to the dashboard's cart; its confirmation has the code checked again.
  await nextStep(page).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await expect(dialog.getByText(`Code ${code} applied.`)).toBeVisible();
  await expect(dialog.locator("[data-slot=cart-discount]")).toContainText(`Discount (code ${code})`);
  await confirmPurchase(page);

  const { db } = app.testing.getDatabase();
  const { billingHistory } = app.testing.schema;
  const [bill] = await db.select().from(billingHistory).where(eq(billingHistory.userId, member.userId));
  expect(bill).toMatchObject({ listAmount: vip.price, couponCode: code, totalAmount: discounted });

  // Used once: the next confirmation in this tab starts without it.
  expect(await page.evaluate(() => sessionStorage.getItem("cart-coupon"))).toBeNull();
});

test("a code on every renewal reads per period; one on a number of renewals says for how long, here and at sign-up", async ({
  page,
  app,
}) => {
  const vip = await publishedPlan(app, "vip-signals");
  const forever = await makeCode(app, { duration: "forever" });
  const repeating = await makeCode(app, { duration: "repeating", durationRenewals: 2 });
  const discounted = vip.price - vip.price / 5n;
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await codeField(cart(page)).fill(forever);
  await applyButton(cart(page)).click();
  await expect(cart(page).getByText(`Code ${forever} applied.`)).toBeVisible();
  await expect(cartTotal(page)).toContainText(`${usd(discounted)} /month${usd(vip.price / 5n)} off`);

  await cart(page).getByRole("button", { name: "Remove code" }).click();
  await codeField(cart(page)).fill(repeating);
  await applyButton(cart(page)).click();
  await expect(cart(page).getByText(`Code ${repeating} applied.`)).toBeVisible();
  await expect(cartTotal(page)).toContainText(`${usd(discounted)} /month for 3 months, then ${usd(vip.price)} /month`);

  await nextStep(page).click();
  await expect(page).toHaveURL(/\/join\/details$/);
  const summary = page.getByRole("complementary", { name: "Your selection" });
  await expect(summary.locator("[data-slot=cart-total]")).toHaveText(
    `${usd(discounted)} USDT/month for 3 months, then ${usd(vip.price)} /month`,
  );
});

test("a refused code says why under the field: paused, used up, not for these plans", async ({ page, app }) => {
  const vip = await publishedPlan(app, "vip-signals");
  const signals = await publishedPlan(app, "signals-bot");
  const { db } = app.testing.getDatabase();
  const { coupons, user, billingHistory } = app.testing.schema;
  const paused = newCode("PAUSED");
  const usedUp = newCode("USEDUP");
  const other = newCode("OTHER");
  const [, spent] = await db
    .insert(coupons)
    .values([
      { code: paused, kind: "percent", percentOff: 10, paused: true },
      { code: usedUp, kind: "percent", percentOff: 10, maxRedemptions: 1, redemptionCount: 1 },
      { code: other, kind: "percent", percentOff: 10, planIds: [signals.id] },
    ])
    .returning({ id: coupons.id });
  // Its one use: another member's paid bill that names it (a code's uses are its billing rows).
  const buyer = crypto.randomUUID();
  await db.insert(user).values({ id: buyer, name: "Other", email: `other-${buyer}@example.com` });
  await db.insert(billingHistory).values({
    userId: buyer,
    invoiceId: `INV-${usedUp}`,
    status: "paid",
    totalAmount: 9_000_000n,
    listAmount: 10_000_000n,
    discountAmount: 1_000_000n,
    couponCode: usedUp,
    couponId: spent!.id,
    couponUse: "purchase",
  });
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  for (const [code, message] of [
    [paused, "This code is paused at the moment."],
    [usedUp, "This code has been used up."],
    [other, "This code does not apply to the plans in your cart."],
  ] as const) {
    await codeField(cart(page)).fill(code);
    await applyButton(cart(page)).click();
    await expect(cart(page).getByRole("alert")).toHaveText(message);
    await expect(codeField(cart(page))).toHaveAttribute("aria-invalid", "true");
    await expect(cartTotal(page)).toContainText(usd(vip.price));
  }
  await expectAccessible(page, "pricing cart with a refused code");

  // A code for another plan starts taking off once that plan is in the cart, and says why when it is taken out.
  await card(page, signals.name).getByRole("button", { name: "Add to cart" }).click();
  await codeField(cart(page)).fill(other);
  await applyButton(cart(page)).click();
  await expect(cart(page).locator("[data-slot=cart-discount]")).toContainText(`Discount (code ${other})`);
  await expect(cartTotal(page)).toContainText(usd(vip.price + signals.price - signals.price / 10n));
  await card(page, signals.name).getByRole("button", { name: "Remove from cart" }).click();
  await expect(cart(page).getByRole("alert")).toHaveText("This code does not apply to the plans in your cart.");
  await expect(cartTotal(page)).toContainText(usd(vip.price));
});

test.describe("before the scripts have run", () => {
  test.use({ hasTouch: true });
  test.beforeEach(({ page }) => holdScripts(page));

  test("a code typed and Apply tapped before hydration is kept and applied once the page is ready", async ({
    page,
    app,
  }) => {
    const vip = await publishedPlan(app, "vip-signals");
    const code = await makeCode(app, { percentOff: 50 });
    // The cart in the address: the server renders it, with the code field, before any script.
    await openBeforeScripts(page, `/pricing?cart=monthly:${vip.id}`);
    const field = codeField(cart(page));
    await expect(field).toBeVisible();
    expect(await isHydrated(field)).toBe(false);
    await field.fill(code);
    await tapBeforeScripts(applyButton(cart(page)));
    await expect(cart(page).locator("[data-slot=cart-discount]")).toContainText(`Discount (code ${code})`);
    await expect(cartTotal(page)).toContainText(usd(vip.price / 2n));
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the code field folds away with the items; the bar says what the code took off, and nothing scrolls sideways", async ({
    page,
    app,
  }) => {
    const vip = await publishedPlan(app, "vip-signals");
    const code = await makeCode(app);
    await openPricing(page);
    await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
    await expect(codeField(cart(page))).toBeHidden();
    await cart(page).getByRole("button", { name: "Show cart items" }).click();
    await codeField(cart(page)).fill(code);
    await applyButton(cart(page)).click();
    await expect(cart(page).locator("[data-slot=cart-discount]")).toBeVisible();
    await cart(page).getByRole("button", { name: "Hide cart items" }).click();
    await expect(cartTotal(page)).toContainText(`${usd(vip.price / 5n)} off with ${code}`);
    await expect(cartTotal(page)).toContainText(
      `${usd(vip.price - vip.price / 5n)} today, then ${usd(vip.price)} /month`,
    );
    await expectNoSidewaysScroll(page);
  });
});
