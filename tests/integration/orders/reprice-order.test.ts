import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { ORDER_PRICE_HOLD_HOURS } from "~/lib/orders";
import { purchaseMessages } from "#server/billing/messages";
import { coupons, orderSettings, pricing } from "#server/db/schema";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";
import { makeCoupon } from "../coupons/coupon-fixtures";
import { DAY, HOUR, orderRow, orderWithBystander, topUp, usdt } from "./order-fixtures";

const HOLD_MS = ORDER_PRICE_HOLD_HOURS * HOUR;

/*
 * An order whose held prices lapsed, priced again before anything is charged (reprice-order.ts),
 * as the completion meets it: with its coupon code still good or no longer, its plan withdrawn,
 * the owner's hold changed. A bystander's order of the same plan, made at the same moment, is
 * never priced again by the first member's completion.
 */
describeEachDatabase("a lapsed order priced again", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  const rowOf = (orderId: string) => orderRow(db(), orderId);

  /** A plan at 40, and an order for it made two days ago (its hold long lapsed), with a code or not. */
  async function lapsed(couponCode: string | null = null) {
    const plan = await createPlan(db(), "Lapsed", usdt(40));
    const made = new Date(Date.now() - 2 * DAY);
    const member = await createVerifiedMember(db());
    const { orderId, expectBystanderUntouched } = await orderWithBystander(db(), member.id, {
      planIds: [plan.id],
      billingPeriod: "monthly",
      couponCode,
      now: made,
    });
    return { plan, made, userId: member.id, orderId, before: await rowOf(orderId), expectBystanderUntouched };
  }

  it("the same total with its code still good is held again from now, the code kept, nothing waiting", async () => {
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    const s = await lapsed(coupon.code);
    expect(s.before).toMatchObject({ totalAmount: usdt(30), couponCode: coupon.code });
    const now = new Date(Date.now() - HOUR);
    expect(await completeCoveredOrder({ db: db(), userId: s.userId, now })).toEqual({
      status: "not-covered",
      orderId: s.orderId,
      due: usdt(30),
    });
    const row = await rowOf(s.orderId);
    expect(row).toMatchObject({ totalAmount: usdt(30), discountAmount: usdt(10), couponCode: coupon.code });
    expect(row.repricedAt).toBeNull();
    expect(row.pricesHeldUntil.getTime() - now.getTime()).toBe(HOLD_MS);
    expect(row.lines).toEqual(s.before.lines);
    // Covered now, it is charged at that total.
    await topUp(db(), s.userId, usdt(30));
    expect(await completeCoveredOrder({ db: db(), userId: s.userId, now })).toMatchObject({
      status: "paid",
      paid: { total: String(usdt(30)) },
    });
    await s.expectBystanderUntouched();
  });

  it("a code paused meanwhile is dropped, one that now takes less is kept: either new total waits for the member", async () => {
    for (const [change, total, kept] of [
      [{ paused: true }, usdt(40), false],
      [{ percentOff: 10 }, usdt(36), true],
    ] as const) {
      const coupon = await makeCoupon(db(), { percentOff: "25" });
      const s = await lapsed(coupon.code);
      await db().update(coupons).set(change).where(eq(coupons.id, coupon.id));
      const now = new Date(Date.now() - HOUR);
      await topUp(db(), s.userId, usdt(50));
      expect(await completeCoveredOrder({ db: db(), userId: s.userId, now })).toEqual({
        status: "awaiting-acceptance",
        orderId: s.orderId,
      });
      const row = await rowOf(s.orderId);
      expect(row).toMatchObject({ status: "pending", totalAmount: total, listAmount: usdt(40), repricedAt: now });
      expect(row.couponCode).toBe(kept ? coupon.code : null);
      expect(row.discountAmount).toBe(usdt(40) - total);
      expect(row.pricesHeldUntil.getTime() - now.getTime()).toBe(HOLD_MS);
      await s.expectBystanderUntouched();
    }
  });

  it("a plan withdrawn before it could be priced again leaves the order as it was; the purchase refuses it", async () => {
    const s = await lapsed();
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, s.plan.id));
    await topUp(db(), s.userId, usdt(40));
    const now = new Date(Date.now() - HOUR);
    expect(await completeCoveredOrder({ db: db(), userId: s.userId, now })).toEqual({
      status: "refused",
      orderId: s.orderId,
      problem: purchaseMessages.unavailable,
    });
    const row = await rowOf(s.orderId);
    expect(row).toEqual({ ...s.before, problem: purchaseMessages.unavailable, updatedAt: row.updatedAt });
    await s.expectBystanderUntouched();
  });

  it("held again for the owner's hold in force now, not the one the order was made under", async () => {
    const [settings] = await db().select().from(orderSettings);
    try {
      const s = await lapsed();
      await db().update(orderSettings).set({ priceHoldHours: 5 });
      await db()
        .update(pricing)
        .set({ price: usdt(44) })
        .where(eq(pricing.id, s.plan.id));
      const now = new Date(Date.now() - HOUR);
      expect((await completeCoveredOrder({ db: db(), userId: s.userId, now })).status).toBe("awaiting-acceptance");
      const row = await rowOf(s.orderId);
      expect(row).toMatchObject({ totalAmount: usdt(44), listAmount: usdt(44), repricedAt: now });
      expect(row.pricesHeldUntil.getTime() - now.getTime()).toBe(5 * HOUR);
      expect(row.expiresAt).toEqual(s.before.expiresAt);
      await s.expectBystanderUntouched();
    } finally {
      await db().update(orderSettings).set({ priceHoldHours: settings!.priceHoldHours });
    }
  });
});
