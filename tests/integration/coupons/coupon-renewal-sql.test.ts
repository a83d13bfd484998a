import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { renewalAmount } from "#server/coupons/renewal-discount";
import { subscriptions } from "#server/db/schema";
import { renewalChargeSql } from "#server/staff/price-in-force-sql";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { makeCoupon, usdt } from "./coupon-fixtures";

// A renewal's charge with its code is written twice: in TypeScript (renewalAmount, the reminders)
// and in SQL (renewalChargeSql, the due list, the renewals at risk and MRR). Both must say the
// same for every kind of code.
describeEachDatabase("a renewal's charge with its code, in TypeScript and in SQL", (database) => {
  const db = () => database().db;

  it("agree on percent, fixed, fixed above the price, renewals used up and no code", async () => {
    const plan = await createPlan(db(), "Agree", usdt(20));
    const member = await createMember(db());
    const [sub] = await db()
      .insert(subscriptions)
      .values({ userId: member.id, planId: plan.id, billingPeriod: "monthly", nextBillingDate: new Date() })
      .returning();
    const half = await makeCoupon(db(), { percentOff: "50", duration: "forever" });
    const third = await makeCoupon(db(), { percentOff: "33", duration: "forever" });
    const fixed = await makeCoupon(db(), { kind: "fixed", percentOff: "", amountOff: "6", duration: "forever" });
    const above = await makeCoupon(db(), { kind: "fixed", percentOff: "", amountOff: "30", duration: "forever" });
    const twice = await makeCoupon(db(), { percentOff: "25", duration: "repeating", durationRenewals: "2" });

    const cases = [
      { coupon: half, left: null, price: usdt(20), charge: usdt(10) },
      // A percent is rounded down to the micro-USDT: 33 % of 9.999999 is 3.29999967, off 3.299999.
      { coupon: third, left: null, price: 9_999_999n, charge: 6_700_000n },
      { coupon: fixed, left: null, price: usdt(20), charge: usdt(14) },
      { coupon: fixed, left: null, price: usdt(51), charge: usdt(45) },
      { coupon: above, left: null, price: usdt(20), charge: 0n },
      { coupon: above, left: null, price: usdt(30), charge: 0n },
      { coupon: twice, left: 2, price: usdt(20), charge: usdt(15) },
      { coupon: twice, left: 1, price: usdt(20), charge: usdt(15) },
      { coupon: twice, left: 0, price: usdt(20), charge: usdt(20) },
      { coupon: null, left: null, price: usdt(20), charge: usdt(20) },
      { coupon: null, left: null, price: 0n, charge: 0n },
    ];
    for (const { coupon, left, price, charge } of cases) {
      const held = { couponId: coupon?.id ?? null, couponRenewalsLeft: left };
      await db().update(subscriptions).set(held).where(eq(subscriptions.id, sub!.id));
      const [row] = (
        await db().execute<{ charge: string }>(sql`
          select (${renewalChargeSql(sql`${price}::bigint`)})::text as charge from subscriptions s where s.id = ${sub!.id}`)
      ).rows;
      const label = `${coupon?.code ?? "no code"} (${left ?? "every"} left) at ${price}`;
      expect({ label, sql: BigInt(row!.charge) }).toEqual({ label, sql: charge });
      expect({ label, ts: renewalAmount({ subscription: held, coupon, listPrice: price }) }).toEqual({
        label,
        ts: charge,
      });
    }
  });
});
