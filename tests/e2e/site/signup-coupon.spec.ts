import crypto from "node:crypto";
import { eq, like } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { creditBalance, submitSignUp } from "../support/member";
import { card, nextStep, openPricing, publishedPlan, usd, type Fixture } from "../support/pricing";

// A refused code is the check's (or the sign-up's) 400, which Chromium logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 400 .*\/(api\/coupons\/check|join\/details)/] });

const newCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString("hex").toUpperCase()}`;

/** Refused codes are counted per address, which every browser here shares: cleared around each test. */
async function clearCouponGuesses(app: Fixture) {
  const { db } = app.testing.getDatabase();
  const { rateLimits } = app.testing.schema;
  await db.delete(rateLimits).where(like(rateLimits.key, "coupon:%"));
}
test.beforeEach(({ app }) => clearCouponGuesses(app));
test.afterEach(({ app }) => clearCouponGuesses(app));

const person = (tag: string) => ({
  firstName: "Sid",
  lastName: "Signup",
  email: `signup-code-${tag}@example.com`,
  password: "Analytical1",
  telegram: `sid_${tag}`,
});

test("a visitor types a code on the sign-up page itself: refused first, then the discount and new total beside the form, and the order is priced with it", async ({
  page,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, user, orders, billingHistory } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const code = newCode("JOIN");
  const expired = newCode("GONE");
  await db.insert(coupons).values([
    // For new members only: someone signing up is one.
    { code, kind: "fixed", amountOff: 10_000_000n, newMembersOnly: true },
    { code: expired, kind: "percent", percentOff: 50, validUntil: new Date(Date.now() - 60_000) },
  ]);
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await nextStep(page).click();
  await expect(page).toHaveURL(/\/join\/details$/);
  const summary = page.getByRole("complementary", { name: "Your selection" });
  await expect(summary.locator("[data-slot=cart-total]")).toHaveText(`${usd(vip.price)} USDT`);

  const field = page.getByLabel("Coupon code");
  await field.fill(expired.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert")).toHaveText("This code has expired.");
  await expect(summary.locator("[data-slot=cart-total]")).toHaveText(`${usd(vip.price)} USDT`);

  // Enter in the field applies the code; it does not send the sign-up form.
  await field.fill(code.toLowerCase());
  await field.press("Enter");
  await expect(page.getByText(`Code ${code} applied.`)).toBeVisible();
  await expect(summary.locator("[data-slot=cart-discount]")).toHaveText(`Discount (code ${code})−$10.00 USDT`);
  // A first-period code: the renewals cost the list price, and the summary says so.
  await expect(summary.locator("[data-slot=cart-total]")).toHaveText(
    `${usd(vip.price - 10_000_000n)} USDTtoday, then ${usd(vip.price)} /month`,
  );
  await expect(page).toHaveURL(/\/join\/details$/);
  await expectAccessible(page, "sign-up with a code");

  const tag = crypto.randomBytes(4).toString("hex");
  await submitSignUp(page, person(tag));
  await expect(page).toHaveURL(/\/dashboard\?section=order$/);
  await expect(page.locator("[data-slot=order-due]")).toHaveText(`${usd(vip.price - 10_000_000n)} USDT`);
  await expect(page.getByText(`Discount (code ${code})`)).toBeVisible();
  const [account] = await db
    .select()
    .from(user)
    .where(eq(user.email, person(tag).email));
  const [order] = await db.select().from(orders).where(eq(orders.userId, account!.id));
  expect(order).toMatchObject({ couponCode: code, listAmount: vip.price, totalAmount: vip.price - 10_000_000n });

  // Paid once a deposit covers it: still a new member then, so the code holds.
  await creditBalance(app, account!.id, vip.price - 10_000_000n);
  await app.testing.completeCoveredOrder({ db, userId: account!.id });
  await expect(page.locator("[data-slot=order]")).toHaveAttribute("data-status", "paid", { timeout: 30_000 });
  const [bill] = await db.select().from(billingHistory).where(eq(billingHistory.orderId, order!.id));
  expect(bill).toMatchObject({ couponCode: code, discountAmount: 10_000_000n, totalAmount: vip.price - 10_000_000n });
});

test("a paused code typed at sign-up without Apply is refused under its field when the form is sent, and no account is made", async ({
  page,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, user } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const paused = newCode("HOLD");
  await db.insert(coupons).values({ code: paused, kind: "percent", percentOff: 30, paused: true });
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await nextStep(page).click();
  await expect(page).toHaveURL(/\/join\/details$/);
  await page.getByLabel("Coupon code").fill(paused);
  const tag = crypto.randomBytes(4).toString("hex");
  await submitSignUp(page, person(tag));
  await expect(page.getByText("This code is paused at the moment.")).toBeVisible();
  await expect(page).toHaveURL(/\/join\/details/);
  expect(
    await db
      .select()
      .from(user)
      .where(eq(user.email, person(tag).email)),
  ).toEqual([]);
});
