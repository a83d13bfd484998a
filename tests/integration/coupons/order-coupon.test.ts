import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { orders } from "#server/db/schema";
import { applyOrderCoupon } from "#server/orders/apply-order-coupon";
import { createOrder } from "#server/orders/create-order";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { makeCoupon, moneyOf, refusalOf, usdt } from "./coupon-fixtures";

describeEachDatabase("a coupon code on the order page", (database) => {
  const db = () => database().db;

  it("prices the pending order again with the code, keeps it, takes it off, and refuses a bad one without a change", async () => {
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    const plan = await createPlan(db(), "Gold", usdt(40));
    const member = await createMember(db());
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
    });
    const orderNow = async () => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

    const apply = (couponCode: string | null) =>
      applyOrderCoupon({ db: db(), userId: member.id, orderId, couponCode, clientIp: "192.0.2.9" });
    expect(await refusalOf(apply("WRONG"))).toEqual({ code: "VALIDATION", message: couponMessages.unknown });
    expect(await orderNow()).toMatchObject({ totalAmount: usdt(40), couponCode: null });

    await apply(coupon.code.toLowerCase());
    expect(await orderNow()).toMatchObject({
      totalAmount: usdt(30),
      discountAmount: usdt(10),
      couponCode: coupon.code,
    });
    await apply(null);
    expect(await orderNow()).toMatchObject({ totalAmount: usdt(40), discountAmount: 0n, couponCode: null });

    // Another member's order is not theirs to change.
    const other = await createMember(db());
    expect(
      (await refusalOf(applyOrderCoupon({ db: db(), userId: other.id, orderId, couponCode: coupon.code }))).code,
    ).toBe("NOT_FOUND");
  });

  it("completes the order at once when the code makes it free", async () => {
    const coupon = await makeCoupon(db(), { percentOff: "100" });
    const plan = await createPlan(db(), "Gold", usdt(40));
    const member = await createMember(db());
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
    });
    const { completion } = await applyOrderCoupon({ db: db(), userId: member.id, orderId, couponCode: coupon.code });
    expect(completion.status).toBe("paid");
    const money = await moneyOf(db(), member.id);
    expect(money.bills[0]).toMatchObject({ listAmount: usdt(40), discountAmount: usdt(40), totalAmount: 0n });
    expect(money.debits).toEqual([]);
    expect(money.uses).toHaveLength(1);
    await expectLedgerInvariant(db());
  });
});
