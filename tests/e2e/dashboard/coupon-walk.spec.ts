import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { like } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { confirmPurchase, openDashboard, signInNewMember } from "../support/member";
import { linkIn, mailsTo } from "../support/outbox";
import { publishedPlan, usd, type Fixture } from "../support/pricing";

// A refused code is the check's 400, 409 or 429 (the purchase's 409 when its last use went meanwhile), which
// Chromium logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 4(00|09|29) .*\/api\/(coupons\/check|dashboard\/purchase)/] });

const newCode = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
const DAY = 86_400_000;

/**
 * Refused codes are counted per account and per address, and every browser here shares one
 * address: the counters are cleared around each test, so these refusals never spend another
 * test's allowance (nor another's this one's).
 */
async function clearCouponGuesses(app: Fixture) {
  const { db } = app.testing.getDatabase();
  const { rateLimits } = app.testing.schema;
  await db.delete(rateLimits).where(like(rateLimits.key, "coupon:%"));
}
test.beforeEach(({ app }) => clearCouponGuesses(app));
test.afterEach(({ app }) => clearCouponGuesses(app));

/** Puts one plan in the dashboard's cart and opens the confirmation. */
async function openConfirmation(page: Page, planName: string) {
  await openDashboard(page, "subscriptions");
  await page
    .getByRole("list", { name: "Plans" })
    .getByRole("group", { name: planName, exact: true })
    .getByRole("button", { name: "Add to cart" })
    .click();
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  return page.getByRole("dialog", { name: "Confirm purchase" });
}

test("the billing row and the receipt show the list price, the discount with its code and the amount charged", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const code = newCode("RCPT");
  const plan = await publishedPlan(app, "vip-signals");
  const off = plan.price / 4n;
  await db.insert(app.testing.schema.coupons).values({ code, kind: "percent", percentOff: 25 });
  const member = await signInNewMember(app, context, { balance: plan.price });
  const dialog = await openConfirmation(page, plan.name);
  await dialog.getByLabel("Coupon code").fill(code.toLowerCase());
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.locator("[data-slot=cart-discount]")).toHaveText(`Discount (code ${code})−${usd(off)} USDT`);
  await confirmPurchase(page);

  await openDashboard(page, "billing-history");
  const row = page.getByRole("row").filter({ hasText: `Discount (code ${code})` });
  await expect(row.locator("[data-slot=taken-off]")).toHaveText(
    `List price ${usd(plan.price)} USDT · Discount (code ${code}) −${usd(off)} USDT`,
  );
  await expect(row.locator("[data-column=amount]")).toContainText(usd(plan.price - off));

  await row.getByRole("link", { name: /^Receipt for / }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  const price = page.locator("[data-slot=receipt-price]");
  await expect(price.getByRole("term")).toHaveText(["List price", `Discount (code ${code})`]);
  await expect(price.getByRole("definition")).toHaveText([`${usd(plan.price)} USDT`, `−${usd(off)} USDT`]);
  await expect(page.locator("[data-slot=receipt-amount]")).toHaveText(`${usd(plan.price - off)} USDT`);
  await expectAccessible(page, "a receipt with a code");

  // The emailed confirmation says the same, and links this receipt.
  await app.testing.deliverNotifications({ db });
  const mail = mailsTo(app.dataDir, member.email).find((text) => text.includes("your subscription is active"));
  expect(mail).toContain(`List price ${usd(plan.price)} USDT, less ${usd(off)} USDT with code ${code}.`);
  expect(linkIn(mail ?? "", "/dashboard/receipts/")).toBe(page.url());
});

test("the confirmation says why a code is refused: expired, not valid yet, new members only, used already, another period", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const bot = await publishedPlan(app, "signals-bot");
  const [expired, notYet, newOnly, used, quarterly] = ["OLD", "SOON", "NEW", "USED", "QTR"].map(newCode);
  await db.insert(coupons).values([
    { code: expired!, kind: "percent", percentOff: 10, validUntil: new Date(Date.now() - DAY) },
    { code: notYet!, kind: "percent", percentOff: 10, validFrom: new Date(Date.now() + DAY) },
    { code: newOnly!, kind: "percent", percentOff: 10, newMembersOnly: true },
    { code: used!, kind: "percent", percentOff: 10 },
    { code: quarterly!, kind: "percent", percentOff: 10, periods: ["quarterly"] },
  ]);
  // The member has had a plan, bought with the code `used` (one use per member).
  const member = await signInNewMember(app, context, { balance: bot.price + vip.price });
  await app.testing.purchaseSubscriptions({
    db,
    userId: member.userId,
    planIds: [bot.id],
    billingPeriod: "monthly",
    totalAmount: bot.price - bot.price / 10n,
    idempotencyKey: crypto.randomUUID(),
    couponCode: used!,
  });

  const dialog = await openConfirmation(page, vip.name);
  const total = dialog.getByRole("definition").first();
  for (const [code, message] of [
    [expired, "This code has expired."],
    [notYet, "This code is not valid yet."],
    [newOnly, "This code is for new members only."],
    [used, "You have already used this code."],
    [quarterly, "This code does not apply to this billing period."],
  ] as const) {
    await dialog.getByLabel("Coupon code").fill(code!);
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(message);
    await expect(dialog.locator("[data-slot=cart-discount]")).toHaveCount(0);
    await expect(total).toHaveText(`${usd(vip.price)} USDT`);
  }
  await expectAccessible(page, "confirm purchase with a refused code");
});

test("guessing codes is limited: after ten refused codes even a good one waits, and says how long", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const good = newCode("GOOD");
  await db.insert(app.testing.schema.coupons).values({ code: good, kind: "percent", percentOff: 10 });
  const vip = await publishedPlan(app, "vip-signals");
  await signInNewMember(app, context, { balance: vip.price });
  const dialog = await openConfirmation(page, vip.name);
  for (let guess = 0; guess < 10; guess++) {
    await dialog.getByLabel("Coupon code").fill(`GUESS${guess}${crypto.randomBytes(2).toString("hex")}`);
    // Each guess waits for its answer, so none is dropped while the last is still being checked.
    const checked = page.waitForResponse((response) => response.url().includes("/api/coupons/check"));
    await dialog.getByRole("button", { name: "Apply" }).click();
    expect((await checked).status()).toBe(400);
    await expect(dialog.getByRole("alert")).toHaveText("This code is not valid. Check it and try again.");
  }
  await dialog.getByLabel("Coupon code").fill(good);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/^Too many codes tried\. Please try again in \d+ minutes?\.$/);
  await expect(dialog.locator("[data-slot=cart-discount]")).toHaveCount(0);
});

test("a code worth more than the plan brings the total to zero, never below: the member with an empty balance is charged nothing", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, billingHistory, ledgerEntries } = app.testing.schema;
  const code = newCode("ALL");
  const plan = await publishedPlan(app, "vip-signals");
  await db.insert(coupons).values({ code, kind: "fixed", amountOff: plan.price + 50_000_000n });
  const member = await signInNewMember(app, context);
  const dialog = await openConfirmation(page, plan.name);
  await dialog.getByLabel("Coupon code").fill(code);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.locator("[data-slot=cart-discount]")).toHaveText(
    `Discount (code ${code})−${usd(plan.price)} USDT`,
  );
  await expect(dialog.getByRole("definition").first()).toHaveText("$0.00 USDT");
  await confirmPurchase(page);

  const bills = (await db.select().from(billingHistory)).filter((bill) => bill.userId === member.userId);
  expect(bills).toMatchObject([{ listAmount: plan.price, discountAmount: plan.price, totalAmount: 0n }]);
  const moved = (await db.select().from(ledgerEntries)).filter((entry) => entry.userId === member.userId);
  expect(moved.every((entry) => entry.amount >= 0n)).toBe(true);
});

test('the last use of a code taken by another member while the confirmation is open: the purchase is refused with "This code has been used up" and nothing is charged', async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, billingHistory } = app.testing.schema;
  const code = newCode("LAST");
  const plan = await publishedPlan(app, "vip-signals");
  await db.insert(coupons).values({ code, kind: "percent", percentOff: 20, maxRedemptions: 1 });
  const member = await signInNewMember(app, context, { balance: plan.price });
  const dialog = await openConfirmation(page, plan.name);
  await dialog.getByLabel("Coupon code").fill(code);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.locator("[data-slot=cart-discount]")).toContainText(`Discount (code ${code})`);

  // Another member takes the code's only use first.
  const { userId: rival } = await app.testing.signUpMember({
    db,
    input: {
      firstName: "Rita",
      lastName: "Rival",
      email: `rival-${crypto.randomBytes(4).toString("hex")}@example.com`,
      password: "Analytical1",
      telegram: "rita_rival",
      acceptTerms: true,
      acceptRisk: true,
    },
    clientIp: `10.99.${crypto.randomInt(255)}.${crypto.randomInt(1, 255)}`,
    headers: new Headers(),
  });
  await app.testing.postLedgerEntry({
    tx: db,
    userId: rival,
    kind: "adjustment",
    amount: plan.price,
    reference: `e2e:credit:${rival}:${crypto.randomUUID()}`,
    memo: "e2e credit",
  });
  await app.testing.purchaseSubscriptions({
    db,
    userId: rival,
    planIds: [plan.id],
    billingPeriod: "monthly",
    totalAmount: plan.price - plan.price / 5n,
    idempotencyKey: crypto.randomUUID(),
    couponCode: code,
  });

  await dialog.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page.getByText("This code has been used up.").first()).toBeVisible();
  await expect(page.getByText("Subscriptions activated successfully!")).toHaveCount(0);
  const bills = (await db.select().from(billingHistory)).filter((bill) => bill.userId === member.userId);
  expect(bills).toEqual([]);
});
