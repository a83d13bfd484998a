import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { ORDER_LIFETIME_DAYS, ORDER_PRICE_HOLD_HOURS } from "~/lib/orders";
import { orderSettings, pricing, subscriptions } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { acceptOrderPrice } from "#server/orders/accept-order-price";
import { cancelOrder } from "#server/orders/cancel-order";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { orderMessages } from "#server/orders/messages";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";
import { DAY, HOUR, orderRow, orderWithBystander, topUp, usdt } from "./order-fixtures";

/*
 * The member's own steps on an order, called directly: cancelling it and accepting a new total.
 * Each test has a second member with a pending order of the same plan beside it, which no step
 * of the first member may touch; refused steps change nothing.
 */
describeEachDatabase("order steps: cancel and accept", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  const rowOf = (orderId: string) => orderRow(db(), orderId);

  /** A plan, a member with a pending order for it, and a bystander with one of their own. */
  async function setUp(options: { price?: number; balance?: number; now?: Date } = {}) {
    const plan = await createPlan(db(), "Steps", usdt(options.price ?? 20));
    const member = await createVerifiedMember(db(), { balance: usdt(options.balance ?? 0) });
    const made = await orderWithBystander(db(), member.id, {
      planIds: [plan.id],
      billingPeriod: "monthly",
      now: options.now,
    });
    return { plan, userId: member.id, ...made };
  }

  it("cancels at the moment given, answers exactly { cancelled: true }, and closes no one else's order", async () => {
    const at = new Date(Date.now() - 3 * DAY);
    const s = await setUp({ now: new Date(at.getTime() - HOUR) });
    const answer = await cancelOrder({ db: db(), userId: s.userId, orderId: s.orderId, now: at });
    expect(answer).toStrictEqual({ cancelled: true });
    expect(await rowOf(s.orderId)).toMatchObject({ status: "cancelled", closedAt: at });
    await s.expectBystanderUntouched();
  });

  it("without a moment given, closes the order now (between the call's start and end)", async () => {
    const s = await setUp();
    const before = Date.now();
    await cancelOrder({ db: db(), userId: s.userId, orderId: s.orderId });
    const after = Date.now();
    const row = await rowOf(s.orderId);
    expect(row.status).toBe("cancelled");
    expect(row.closedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.closedAt!.getTime()).toBeLessThanOrEqual(after);
    await s.expectBystanderUntouched();
  });

  it("refuses what is not the member's open order, each with its code and text, and changes nothing", async () => {
    const s = await setUp();
    const before = await rowOf(s.orderId);
    // Another member's order: as if it did not exist (NOT_FOUND), theirs left pending.
    const theirs = cancelOrder({ db: db(), userId: s.userId, orderId: s.theirsId });
    await expect(theirs).rejects.toBeInstanceOf(AppError);
    await expect(theirs).rejects.toMatchObject({ code: "NOT_FOUND", message: orderMessages.notFound });
    await s.expectBystanderUntouched();
    // An order id nobody has.
    await expect(
      cancelOrder({ db: db(), userId: s.userId, orderId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: orderMessages.notFound });
    expect(await rowOf(s.orderId)).toEqual(before);

    // Cancelled once; the second time it is no longer open (CONFLICT) and its closing time stays.
    const at = new Date(Date.now() - HOUR);
    await cancelOrder({ db: db(), userId: s.userId, orderId: s.orderId, now: at });
    const cancelled = await rowOf(s.orderId);
    await expect(cancelOrder({ db: db(), userId: s.userId, orderId: s.orderId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: orderMessages.notPending,
    });
    expect(await rowOf(s.orderId)).toEqual(cancelled);
    expect(cancelled.closedAt).toEqual(at);
    await s.expectBystanderUntouched();
  });

  it("the texts say what happened, each its own", () => {
    expect(orderMessages.notFound).toMatch(/no longer exists/);
    expect(orderMessages.notPending).toMatch(/no longer open/);
    expect(orderMessages.emptyCart).toMatch(/Add a plan/);
    expect(orderMessages.unknownPeriod).toMatch(/monthly, quarterly or lifetime/);
    expect(orderMessages.expired).toMatch(/expired.*balance is kept/);
    expect(orderMessages.priceMoved).toMatch(/changed since you saw it/);
    expect(new Set(Object.values(orderMessages)).size).toBe(Object.keys(orderMessages).length);
  });

  /** An order made at `made`, whose plan's price then rose to `newPrice` and was priced again at `at`. */
  async function repriced(made: Date, at: Date, newPrice: number, balance: number) {
    const s = await setUp({ price: 20, now: made });
    await db()
      .update(pricing)
      .set({ price: usdt(newPrice) })
      .where(eq(pricing.id, s.plan.id));
    expect(await completeCoveredOrder({ db: db(), userId: s.userId, now: at })).toEqual({
      status: "awaiting-acceptance",
      orderId: s.orderId,
    });
    // Paid in after it was priced again, without a completion of its own.
    await topUp(db(), s.userId, usdt(balance));
    return s;
  }

  it("accepting the new total at the moment given holds it from then and completes the order then", async () => {
    // Made eight days ago: by the clock the order would have expired, at the moment given it has not.
    const made = new Date(Date.now() - 8 * DAY);
    const at = new Date(made.getTime() + ORDER_PRICE_HOLD_HOURS * HOUR + HOUR);
    const s = await repriced(made, at, 30, 30);
    const result = await acceptOrderPrice({ db: db(), userId: s.userId, orderId: s.orderId, total: usdt(30), now: at });
    expect(result).toMatchObject({ status: "paid", orderId: s.orderId, newBalance: "0" });
    expect(await rowOf(s.orderId)).toMatchObject({ status: "paid", closedAt: at, repricedAt: null });
    const [bought] = await db().select().from(subscriptions).where(eq(subscriptions.userId, s.userId));
    expect(bought!.startDate).toEqual(at);
    await s.expectBystanderUntouched();
  });

  it("accepting with a balance short of it keeps the order pending, its new total no longer waiting", async () => {
    const made = new Date(Date.now() - 2 * DAY);
    const at = new Date(made.getTime() + 25 * HOUR);
    const s = await repriced(made, at, 26, 5);
    expect(
      await acceptOrderPrice({ db: db(), userId: s.userId, orderId: s.orderId, total: usdt(26), now: at }),
    ).toEqual({
      status: "not-covered",
      orderId: s.orderId,
      due: usdt(21),
    });
    expect(await rowOf(s.orderId)).toMatchObject({ status: "pending", repricedAt: null, totalAmount: usdt(26) });
    // Once accepted there is nothing left to accept: a second acceptance is refused.
    await expect(
      acceptOrderPrice({ db: db(), userId: s.userId, orderId: s.orderId, total: usdt(26), now: at }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: orderMessages.priceMoved });
    await s.expectBystanderUntouched();
  });

  it("refuses a total the member was not shown, an order not repriced, and another member's, changing nothing", async () => {
    const made = new Date(Date.now() - 2 * DAY);
    const at = new Date(made.getTime() + 25 * HOUR);
    const s = await repriced(made, at, 30, 40);
    const before = await rowOf(s.orderId);
    for (const [userId, orderId, total] of [
      [s.userId, s.orderId, usdt(20)],
      [s.userId, s.orderId, usdt(30) + 1n],
      [s.bystanderId, s.orderId, usdt(30)],
      // The bystander's order is pending at its first price, never repriced: nothing to accept.
      [s.bystanderId, s.theirsId, usdt(20)],
    ] as const) {
      const refused = acceptOrderPrice({ db: db(), userId, orderId, total, now: at });
      await expect(refused).rejects.toBeInstanceOf(AppError);
      await expect(refused).rejects.toMatchObject({ code: "CONFLICT", message: orderMessages.priceMoved });
    }
    expect(await rowOf(s.orderId)).toEqual(before);
    await s.expectBystanderUntouched();
    // The order cancelled meanwhile: accepting its total is refused too.
    await cancelOrder({ db: db(), userId: s.userId, orderId: s.orderId, now: at });
    await expect(
      acceptOrderPrice({ db: db(), userId: s.userId, orderId: s.orderId, total: usdt(30), now: at }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("an order is held and kept open as long as the owner's settings say, to the millisecond", async () => {
    const [settings] = await db().select().from(orderSettings);
    try {
      await db().update(orderSettings).set({ priceHoldHours: 3, lifetimeDays: 2 });
      const now = new Date();
      const s = await setUp({ now });
      const row = await rowOf(s.orderId);
      expect(row.pricesHeldUntil.getTime() - now.getTime()).toBe(3 * HOUR);
      expect(row.expiresAt.getTime() - now.getTime()).toBe(2 * DAY);
      // Without the owner's row (a database restored from before it), the starting values.
      await db().delete(orderSettings);
      const again = await createOrder({
        db: db(),
        userId: s.userId,
        planIds: [s.plan.id],
        billingPeriod: "monthly",
        now,
      });
      const fallback = await rowOf(again.orderId);
      expect(fallback.pricesHeldUntil.getTime() - now.getTime()).toBe(ORDER_PRICE_HOLD_HOURS * HOUR);
      expect(fallback.expiresAt.getTime() - now.getTime()).toBe(ORDER_LIFETIME_DAYS * DAY);
      expect([ORDER_PRICE_HOLD_HOURS, ORDER_LIFETIME_DAYS]).toEqual([24, 7]);
    } finally {
      await db().delete(orderSettings);
      await db().insert(orderSettings).values(settings!);
    }
  });
});
