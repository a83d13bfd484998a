import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { unusedCredit } from "~/lib/billing/plan-switch";
import { ORDER_PRICE_HOLD_HOURS } from "~/lib/orders";
import { purchaseMessages } from "#server/billing/messages";
import { firstBillingDate } from "#server/billing/periods";
import { coupons, orders, planTelegramChats, pricing } from "#server/db/schema";
import { applyOrderCoupon } from "#server/orders/apply-order-coupon";
import { cancelOrder } from "#server/orders/cancel-order";
import { createCouponOrder } from "#server/orders/create-coupon-order";
import { createOrder } from "#server/orders/create-order";
import { orderMessages } from "#server/orders/messages";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { failOnce, literal } from "../../helpers/fail-once";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";
import { buy, makeCoupon, otherMembersUses, refusalOf } from "../coupons/coupon-fixtures";
import { HOUR, topUp, usdt } from "./order-fixtures";

const DAY = 24 * HOUR;

/*
 * Orders priced with a coupon code, called directly: a new account's order made with the code it
 * signed up with (create-coupon-order.ts), and a code typed for the open order (apply-order-coupon.ts).
 * A second member's pending order of the same plan stays as it was through each.
 */
describeEachDatabase("orders priced with a coupon code", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  const rowsOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const pendingOf = async (userId: string) =>
    (
      await db()
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, "pending")))
    )[0]!;

  /** A plan at 40 USDT, a member, and a bystander with a pending order for the same plan. */
  async function setUp() {
    const plan = await createPlan(db(), "Coupon plan", usdt(40));
    const member = await createVerifiedMember(db());
    const bystander = await createVerifiedMember(db());
    await createOrder({ db: db(), userId: bystander.id, planIds: [plan.id], billingPeriod: "monthly" });
    const before = await rowsOf(bystander.id);
    const signUp = (couponCode: string | null, now?: Date) =>
      createCouponOrder({ db: db(), userId: member.id, planIds: [plan.id], billingPeriod: "monthly", couponCode, now });
    /** The member's order of the plan, made now or at the moment given. */
    const order = (now?: Date) =>
      createOrder({ db: db(), userId: member.id, planIds: [plan.id], billingPeriod: "monthly", now });
    return {
      plan,
      userId: member.id,
      signUp,
      order,
      expectBystanderUntouched: async () => expect(await rowsOf(bystander.id)).toEqual(before),
    };
  }

  it("a sign-up without a code gets its order at list price; with a good code, priced with it and keeping it", async () => {
    const s = await setUp();
    const now = new Date(Date.now() - HOUR);
    const plain = await s.signUp(null, now);
    expect(plain.completion).toEqual({ status: "not-covered", orderId: plain.orderId, due: usdt(40) });
    expect(await pendingOf(s.userId)).toMatchObject({
      id: plain.orderId,
      totalAmount: usdt(40),
      discountAmount: 0n,
      couponCode: null,
      createdAt: now,
    });

    const coupon = await makeCoupon(db(), { percentOff: "25" });
    const coded = await s.signUp(coupon.code, now);
    expect(coded.completion).toEqual({ status: "not-covered", orderId: coded.orderId, due: usdt(30) });
    expect(await pendingOf(s.userId)).toMatchObject({
      id: coded.orderId,
      totalAmount: usdt(30),
      listAmount: usdt(40),
      discountAmount: usdt(10),
      couponCode: coupon.code,
    });
    await s.expectBystanderUntouched();
  });

  it("a code refused by the time the order is priced (unknown, used up meanwhile) still leaves the account its order", async () => {
    const s = await setUp();
    const unknown = await s.signUp("NO-SUCH-CODE");
    expect(await pendingOf(s.userId)).toMatchObject({ id: unknown.orderId, totalAmount: usdt(40), couponCode: null });

    // Its last use taken by someone else meanwhile: refused as "used up" (CONFLICT), the order made at list price.
    const coupon = await makeCoupon(db(), { percentOff: "50" });
    await db().update(coupons).set({ maxRedemptions: 1, redemptionCount: 1 }).where(eq(coupons.id, coupon.id));
    await otherMembersUses(db(), coupon.id, 1);
    const usedUp = await s.signUp(coupon.code);
    expect(usedUp.completion).toMatchObject({ status: "not-covered", due: usdt(40) });
    expect(await pendingOf(s.userId)).toMatchObject({ id: usedUp.orderId, totalAmount: usdt(40), couponCode: null });
    // One pending order each time: the one before was replaced, not doubled.
    expect((await rowsOf(s.userId)).map((row) => row.status).sort()).toEqual(["cancelled", "pending"]);
    await s.expectBystanderUntouched();
  });

  it("other refusals are the caller's: a withdrawn plan, or a failure, is thrown as it came and nothing is made", async () => {
    const s = await setUp();
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    const withdrawn = await createPlan(db(), "Withdrawn", usdt(10), false);
    for (const couponCode of [coupon.code, null]) {
      const refused = createCouponOrder({
        db: db(),
        userId: s.userId,
        planIds: [withdrawn.id],
        billingPeriod: "monthly",
        couponCode,
      });
      expect(await refusalOf(refused)).toEqual({ code: "CONFLICT", message: purchaseMessages.unavailable });
    }
    // A database failure while the order is written: that very error, and no order.
    const failing = await failOnce(db(), { table: "orders", when: `new.user_id = ${literal(s.userId)}` });
    try {
      await expect(s.signUp(coupon.code)).rejects.toThrow(/^Failed query: insert into "orders"/);
    } finally {
      await failing.remove();
    }
    expect(await rowsOf(s.userId)).toEqual([]);
    await s.expectBystanderUntouched();
  });

  it("a code typed for the open order at the moment given is checked, priced and held from then", async () => {
    const s = await setUp();
    const made = new Date(Date.now() - 3 * DAY);
    // A smaller plan held since the day before, whose unused days the order is credited for: so
    // many at the moment given, three fewer by the clock.
    const small = await createPlan(db(), "Coupon small", usdt(20));
    await db()
      .insert(planTelegramChats)
      .values(
        [-3001, -3002].map((chatId) => ({ planId: s.plan.id, chatId })).concat({ planId: small.id, chatId: -3001 }),
      );
    await topUp(db(), s.userId, usdt(20));
    const bought = new Date(made.getTime() - DAY);
    await buy(db(), { userId: s.userId, plans: [small], total: usdt(20), now: bought });
    const period = { periodStart: bought, periodEnd: firstBillingDate(bought, "monthly") };
    const creditAt = (now: Date) => unusedCredit({ paid: usdt(20), ...period, now }).credit;
    const { orderId } = await s.order(made);
    // Valid up to two days ago: good at the moment given, expired by the clock.
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    await db()
      .update(coupons)
      .set({ validUntil: new Date(Date.now() - 2 * DAY) })
      .where(eq(coupons.id, coupon.id));
    const at = new Date(made.getTime() + 2 * HOUR);
    const { completion } = await applyOrderCoupon({
      db: db(),
      userId: s.userId,
      orderId,
      couponCode: coupon.code,
      now: at,
    });
    expect(creditAt(at)).not.toBe(creditAt(new Date()));
    expect(completion).toEqual({ status: "not-covered", orderId, due: usdt(30) - creditAt(at) });
    const row = await pendingOf(s.userId);
    expect(row).toMatchObject({
      totalAmount: usdt(30) - creditAt(at),
      creditAmount: creditAt(at),
      couponCode: coupon.code,
    });
    expect(row.pricesHeldUntil.getTime() - at.getTime()).toBe(ORDER_PRICE_HOLD_HOURS * HOUR);
    // By the clock the same code is refused as expired, and the order keeps what it had.
    expect(await refusalOf(applyOrderCoupon({ db: db(), userId: s.userId, orderId, couponCode: coupon.code }))).toEqual(
      { code: "VALIDATION", message: couponMessages.expired },
    );
    expect(await pendingOf(s.userId)).toEqual(row);
    await s.expectBystanderUntouched();
  });

  it("a code taken off an order waiting for its new total, or with a problem, prices it anew and clears both", async () => {
    const s = await setUp();
    const { orderId } = await s.order();
    const earlier = new Date(Date.now() - HOUR);
    await db()
      .update(orders)
      .set({ repricedAt: earlier, problem: "Already subscribed to: Coupon plan", pricesHeldUntil: earlier })
      .where(eq(orders.id, orderId));
    const before = Date.now();
    await applyOrderCoupon({ db: db(), userId: s.userId, orderId, couponCode: null });
    const after = Date.now();
    const row = await pendingOf(s.userId);
    expect(row).toMatchObject({ repricedAt: null, problem: null, totalAmount: usdt(40), couponCode: null });
    const held = row.pricesHeldUntil.getTime() - ORDER_PRICE_HOLD_HOURS * HOUR;
    expect(held).toBeGreaterThanOrEqual(before);
    expect(held).toBeLessThanOrEqual(after);
    await s.expectBystanderUntouched();
  });

  it("a plan withdrawn meanwhile keeps the order's price; the completion refuses it with its own text", async () => {
    const s = await setUp();
    const plan = await createPlan(db(), "Then withdrawn", usdt(12));
    const { orderId } = await createOrder({ db: db(), userId: s.userId, planIds: [plan.id], billingPeriod: "monthly" });
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, plan.id));
    // Paid in without a completion of its own: the code's step is the first to try the order.
    await topUp(db(), s.userId, usdt(12));
    const before = await pendingOf(s.userId);
    const { completion } = await applyOrderCoupon({ db: db(), userId: s.userId, orderId, couponCode: null });
    expect(completion).toEqual({ status: "refused", orderId, problem: purchaseMessages.unavailable });
    expect(await pendingOf(s.userId)).toEqual({
      ...before,
      problem: purchaseMessages.unavailable,
      updatedAt: expect.any(Date),
    });
    await s.expectBystanderUntouched();
  });

  it("an order no longer open cannot take a code: NOT_FOUND, its own text, nothing changed", async () => {
    const s = await setUp();
    const { orderId } = await s.order();
    await cancelOrder({ db: db(), userId: s.userId, orderId });
    const before = await rowsOf(s.userId);
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    for (const couponCode of [coupon.code, null])
      expect(await refusalOf(applyOrderCoupon({ db: db(), userId: s.userId, orderId, couponCode }))).toEqual({
        code: "NOT_FOUND",
        message: orderMessages.notFound,
      });
    expect(orderMessages.notFound).toMatch(/no longer exists/);
    expect(await rowsOf(s.userId)).toEqual(before);
    await s.expectBystanderUntouched();
  });
});
