import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember } from "../support/member";
import { publishedPlan, usd, type Fixture } from "../support/pricing";
import { signUpStaff } from "../support/staff";

const DAY = 86_400_000;

/** Makes the member's subscription due and renews it, as the renewal job does. */
async function renewNow(app: Fixture, subscriptionId: string) {
  const { db } = app.testing.getDatabase();
  const { subscriptions } = app.testing.schema;
  await db
    .update(subscriptions)
    .set({ nextBillingDate: new Date(Date.now() - DAY) })
    .where(eq(subscriptions.id, subscriptionId));
  expect(await app.testing.renewSubscription({ db, subscriptionId, now: new Date() })).toBe("charged");
}

test("a code for the first period and one renewal: the renewal is discounted and says so, the next is at list price, and the code's page counts both", async ({
  page,
  context,
  browser,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, subscriptions } = app.testing.schema;
  const code = `RENEW${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  const plan = await publishedPlan(app, "vip-signals");
  const off = plan.price / 5n;
  const [coupon] = await db
    .insert(coupons)
    .values({ code, kind: "percent", percentOff: 20, duration: "repeating", durationRenewals: 1 })
    .returning();
  const member = await signInNewMember(app, context, { balance: 3n * plan.price });
  await app.testing.purchaseSubscriptions({
    db,
    userId: member.userId,
    planIds: [plan.id],
    billingPeriod: "monthly",
    totalAmount: plan.price - off,
    idempotencyKey: crypto.randomUUID(),
    couponCode: code,
  });
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
  await renewNow(app, sub!.id);
  await renewNow(app, sub!.id);

  await openDashboard(page, "billing-history");
  const renewals = page.locator("tr[data-kind=renewal]");
  await expect(renewals).toHaveCount(2);
  // Newest first: the second renewal at list price, the first with the code's discount.
  await expect(renewals.nth(0).locator("[data-slot=taken-off]")).toHaveCount(0);
  await expect(renewals.nth(0).locator("[data-column=amount]")).toContainText(usd(plan.price));
  await expect(renewals.nth(1).locator("[data-slot=taken-off]")).toHaveText(
    `List price ${usd(plan.price)} USDT · Discount (code ${code}) −${usd(off)} USDT`,
  );
  await expect(renewals.nth(1).locator("[data-column=amount]")).toContainText(usd(plan.price - off));
  await renewals
    .nth(1)
    .getByRole("link", { name: /^Receipt for / })
    .click();
  await expect(page.locator("[data-slot=receipt-price]")).toContainText(`Discount (code ${code})`);
  await expect(page.locator("[data-slot=receipt-amount]")).toHaveText(`${usd(plan.price - off)} USDT`);

  // The code's page: one purchase and one renewal used it; revenue is what both charged.
  const staffContext = await browser.newContext();
  await signUpStaff(app, staffContext, "admin");
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`/admin/coupons/${coupon!.id}`);
  const uses = staffPage.getByRole("table", { name: "Uses of this code" }).getByRole("row");
  await expect(uses).toHaveCount(3);
  await expect(uses.filter({ hasText: "Renewal" })).toHaveCount(1);
  await expect(uses.filter({ hasText: "Purchase" })).toHaveCount(1);
  const facts = staffPage.locator('dl[aria-label="This code"]');
  await expect(facts).toContainText(`Revenue after discount${usd(2n * (plan.price - off))} USDT`);
  await expect(facts).toContainText(`Given up in discounts${usd(2n * off)} USDT`);
  await staffContext.close();
});

test("a renewal a code still halves is listed in the back office's renewals due at its discounted amount, covered by a balance that holds that much", async ({
  context,
  browser,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, subscriptions } = app.testing.schema;
  const code = `HALF${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  const plan = await publishedPlan(app, "vip-signals");
  const half = plan.price / 2n;
  await db.insert(coupons).values({ code, kind: "percent", percentOff: 50, duration: "forever" });
  // The balance pays the purchase and then holds exactly one discounted renewal.
  const member = await signInNewMember(app, context, { balance: 2n * half });
  await app.testing.purchaseSubscriptions({
    db,
    userId: member.userId,
    planIds: [plan.id],
    billingPeriod: "monthly",
    totalAmount: half,
    idempotencyKey: crypto.randomUUID(),
    couponCode: code,
  });
  await db
    .update(subscriptions)
    .set({ nextBillingDate: new Date(Date.now() + 2 * DAY) })
    .where(eq(subscriptions.userId, member.userId));

  const staffContext = await browser.newContext();
  await signUpStaff(app, staffContext, "admin");
  const staffPage = await staffContext.newPage();
  await staffPage.goto("/admin/money/renewals");
  const row = staffPage
    .getByRole("table", { name: "Renewals due in the next 7 days" })
    .getByRole("row")
    .filter({ hasText: member.email });
  await expect(row).toContainText(`${usd(half)} USDT`);
  await expect(row).toContainText("Covered");
  await expect(row).not.toContainText(`${usd(plan.price)} USDT`);
  await staffContext.close();
});
