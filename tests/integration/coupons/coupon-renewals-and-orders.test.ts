import { and, eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { checkCouponCode, COUPON_GUESS_LIMIT } from "#server/coupons/check-coupon-code";
import { orders, subscriptions } from "#server/db/schema";
import { createOrder } from "#server/orders/create-order";
import { pauseCoupon } from "#server/staff/coupons/pause-coupon";
import { createPlan, depositFor } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { actor, buy, makeCoupon, moneyOf, refusalOf, usdt } from "./coupon-fixtures";

const START = new Date("2026-01-10T09:00:00.000Z");
/** Each monthly due date after START, as the renewal job finds it. */
const month = (n: number) => new Date(Date.UTC(2026, n, 10, 10));

describeEachDatabase("coupon codes in renewals, orders and guesses", (database) => {
  const db = () => database().db;

  // Renewals settle every due row in the database, and limits count per key: each test starts clean.
  beforeEach(async () => {
    await db().execute(sql`truncate table "user", pricing, coupons, rate_limits cascade`);
  });

  /** Bought at START with the code, then renewed three times: the three renewals' charges. */
  async function renewalsWith(form: Parameters<typeof makeCoupon>[1]) {
    const coupon = await makeCoupon(db(), { percentOff: "50", ...form });
    const plan = await createPlan(db(), "Gold", usdt(20));
    const member = await createMember(db(), { balance: usdt(100) });
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(10), now: START });
    // A code paused after the purchase keeps the renewals it was bought with.
    await pauseCoupon({ db: db(), couponId: coupon.id, paused: true, actor });
    for (const n of [1, 2, 3]) await runRenewals({ db: db(), now: month(n) });
    const money = await moneyOf(db(), member.id);
    await expectLedgerInvariant(db());
    return {
      renewals: money.bills.slice(1).map((bill) => [bill.totalAmount, bill.discountAmount, bill.couponCode]),
      uses: money.uses.map((use) => use.kind),
      debits: money.debits,
    };
  }

  it("discounts the first period only, every renewal, or a number of renewals, as the code says", async () => {
    const full = [usdt(20), 0n, null];
    const half = (code: string) => [usdt(10), usdt(10), code];
    const once = await renewalsWith({ code: "FIRSTONLY", duration: "once" });
    expect(once.renewals).toEqual([full, full, full]);
    expect(once.uses).toEqual(["purchase"]);

    const always = await renewalsWith({ code: "ALWAYS", duration: "forever" });
    expect(always.renewals).toEqual([half("ALWAYS"), half("ALWAYS"), half("ALWAYS")]);
    expect(always.debits).toEqual([-usdt(10), -usdt(10), -usdt(10), -usdt(10)]);

    const two = await renewalsWith({ code: "TWICE", duration: "repeating", durationRenewals: "2" });
    expect(two.renewals).toEqual([half("TWICE"), half("TWICE"), full]);
    expect(two.uses).toEqual(["purchase", "renewal", "renewal"]);
  });

  it("keeps no renewal rule on a lifetime plan or a plan the code did not discount", async () => {
    const gold = await createPlan(db(), "Gold", usdt(20));
    const silver = await createPlan(db(), "Silver", usdt(10));
    const coupon = await makeCoupon(db(), { duration: "forever", planIds: [gold.id] });
    const member = await createMember(db(), { balance: usdt(100) });
    await buy(db(), { userId: member.id, plans: [gold, silver], code: coupon.code, total: usdt(26) });
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    const ruleOf = (planId: number) => subs.find((sub) => sub.planId === planId)!.couponId;
    expect([ruleOf(gold.id), ruleOf(silver.id)]).toEqual([coupon.id, null]);
  });

  it("keeps the code an order was priced with, and charges it when a deposit covers the order", async () => {
    const coupon = await makeCoupon(db(), { percentOff: "10", maxRedemptions: "1" });
    const plan = await createPlan(db(), "Gold", usdt(50));
    const member = await createMember(db());
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
      couponCode: coupon.code.toLowerCase(),
    });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ couponCode: coupon.code, discountAmount: usdt(5), totalAmount: usdt(45) });
    // Paused meanwhile: the order's held price still stands.
    await pauseCoupon({ db: db(), couponId: coupon.id, paused: true, actor });
    expect((await depositFor(db(), member.id, usdt(45))).completion).toMatchObject({ status: "paid" });
    const money = await moneyOf(db(), member.id);
    expect(money.bills.find((bill) => bill.orderId === orderId)).toMatchObject({ couponCode: coupon.code });
    expect(money.uses).toMatchObject([{ orderId, kind: "purchase", chargedAmount: usdt(45) }]);
    await expectLedgerInvariant(db());
  });

  it("leaves an order pending with the used-up message when another member took the last use first", async () => {
    const coupon = await makeCoupon(db(), { percentOff: "10", maxRedemptions: "1" });
    const plan = await createPlan(db(), "Gold", usdt(50));
    const waiting = await createMember(db());
    await createOrder({
      db: db(),
      userId: waiting.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
      couponCode: coupon.code,
    });
    const quick = await createMember(db(), { balance: usdt(45) });
    await buy(db(), { userId: quick.id, plans: [plan], code: coupon.code, total: usdt(45) });
    expect((await depositFor(db(), waiting.id, usdt(45))).completion).toMatchObject({
      status: "refused",
      problem: couponMessages.usedUp,
    });
    const [order] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, waiting.id), eq(orders.status, "pending")));
    expect(order!.problem).toBe(couponMessages.usedUp);
    expect((await moneyOf(db(), waiting.id)).debits).toEqual([]);
    await expectLedgerInvariant(db());
  });

  it("limits guessing per account and per address, counting only refused codes", async () => {
    const good = await makeCoupon(db(), { code: "REALCODE" });
    const plan = await createPlan(db(), "Gold", usdt(50));
    const member = await createMember(db());
    const check = (code: string, userId: string | null, clientIp: string) =>
      checkCouponCode({ db: db(), code, planIds: [plan.id], billingPeriod: "monthly", userId, clientIp });
    // A good code as often as one likes counts nothing.
    for (let i = 0; i < COUPON_GUESS_LIMIT + 2; i++) await check(good.code, member.id, "203.0.113.5");
    for (let i = 0; i < COUPON_GUESS_LIMIT; i++)
      expect((await refusalOf(check(`GUESS${i}`, member.id, `203.0.113.${i + 10}`))).message).toBe(
        couponMessages.unknown,
      );
    // The account is spent: even the good code is refused from a fresh address, so a lucky guess tells nothing.
    const limited = await refusalOf(check(good.code, member.id, "203.0.113.200"));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.message).toMatch(/^Too many codes tried\. Please try again in 1[05] minutes\.$/);

    // Per address: visitors without an account from one address.
    for (let i = 0; i < COUPON_GUESS_LIMIT; i++) await refusalOf(check(`NOPE${i}`, null, "198.51.100.77"));
    expect((await refusalOf(check(good.code, null, "198.51.100.77"))).code).toBe("RATE_LIMITED");
    expect(await check(good.code, null, "198.51.100.78")).toMatchObject({ code: "REALCODE" });
  });
});
