import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { countCouponUse, priceWithCoupon } from "#server/coupons/price-with-coupon";
import type { Tx } from "#server/db/client";
import { coupons } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { makeCoupon, refusalOf, takeEveryUse, usdt } from "./coupon-fixtures";

// A purchase reads its code without the row's lock and counts the use after its other checks:
// whatever staff or other members did to the code in between is decided when the use is counted,
// before the purchase writes anything. The change is made inside the test's transaction, which the
// counting statement sees as it would see another transaction's commit.
describeEachDatabase("counting a code's use after pricing with it unlocked", (database) => {
  const db = () => database().db;

  async function pricedThen(
    form: Parameters<typeof makeCoupon>[1],
    between: (tx: Tx, couponId: number) => Promise<unknown>,
  ) {
    const coupon = await makeCoupon(db(), form);
    const plan = await createPlan(db(), "Eta", usdt(50));
    const member = await createMember(db(), { balance: usdt(50) });
    const outcome = await refusalOf(
      db().transaction(async (tx) => {
        const options = {
          tx,
          code: coupon.code,
          userId: member.id,
          plans: [{ planId: plan.id, name: "Eta", listPrice: usdt(50) }],
          billingPeriod: "monthly" as const,
          now: new Date(),
        };
        const priced = await priceWithCoupon(options);
        await between(tx, coupon.id);
        const counted = await countCouponUse({ ...options, priced });
        throw Object.assign(new Error("done"), { code: counted === "repriced" ? "repriced" : "counted" });
      }),
    );
    const [after] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    return { outcome, count: after!.redemptionCount };
  }

  it("counts the use when nothing that prices the code changed (a note edited)", async () => {
    const { outcome } = await pricedThen({}, (tx, id) =>
      tx.update(coupons).set({ note: "edited" }).where(eq(coupons.id, id)),
    );
    expect(outcome?.code).toBe("counted");
  });

  it("refuses with the code's own reason when staff paused it in between, counting nothing", async () => {
    const { outcome, count } = await pricedThen({}, (tx, id) =>
      tx.update(coupons).set({ paused: true }).where(eq(coupons.id, id)),
    );
    expect(outcome).toMatchObject({ code: "VALIDATION", message: couponMessages.paused });
    expect(count).toBe(0);
  });

  it("answers repriced when the code now takes a different amount off", async () => {
    const { outcome } = await pricedThen({ percentOff: "20" }, (tx, id) =>
      tx.update(coupons).set({ percentOff: 30 }).where(eq(coupons.id, id)),
    );
    expect(outcome?.code).toBe("repriced");
  });

  it("refuses as used up when another member took the last use in between", async () => {
    const { outcome, count } = await pricedThen({ maxRedemptions: "1" }, (tx, id) => takeEveryUse(tx, id));
    expect(outcome).toMatchObject({ code: "CONFLICT", message: couponMessages.usedUp });
    expect(count).toBe(0);
  });
});
