import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { couponSchema } from "~/lib/validation/admin/coupons";
import { COUPON_USE_SLOTS } from "#server/coupons/spread-coupon-uses";
import { coupons } from "#server/db/schema";
import { updateCoupon } from "#server/staff/coupons/update-coupon";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { actor, buy, makeCoupon, refusalOf, usdt, usesCounted } from "./coupon-fixtures";

// A limited code's remaining purchases are split across a few slots, each counted under its own
// row's lock: purchases with one code take different slots, and the last use still goes to one.
describeEachDatabase("a limited code's uses counted on its slots", (database) => {
  const db = () => database().db;

  async function slotsOf(couponId: number) {
    const rows = await db().execute<{ slot: number; quota: number; uses: number }>(
      sql`select slot, quota, uses from coupon_use_slots where coupon_id = ${couponId} order by slot`,
    );
    return rows.rows.map((row) => ({ slot: Number(row.slot), quota: Number(row.quota), uses: Number(row.uses) }));
  }
  const sum = (rows: { quota: number }[]) => rows.reduce((total, row) => total + row.quota, 0);

  it("splits what the limit leaves across the slots, and again from the uses when staff change the limit", async () => {
    const coupon = await makeCoupon(db(), { maxRedemptions: "20" });
    const made = await slotsOf(coupon.id);
    expect(made).toHaveLength(COUPON_USE_SLOTS);
    expect(sum(made)).toBe(20);
    const plan = await createPlan(db(), "Omicron", usdt(50));
    const buyOne = async () => {
      const member = await createMember(db(), { balance: usdt(50) });
      return buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });
    };
    for (const _ of [1, 2, 3]) await buyOne();
    expect(await usesCounted(db(), coupon.id)).toBe(3);
    const form = { code: coupon.code, kind: "percent", percentOff: "20", duration: "once" };
    await updateCoupon({
      db: db(),
      couponId: coupon.id,
      input: couponSchema.parse({ ...form, maxRedemptions: "5" }),
      actor,
    });
    // The count starts from the three uses; two are left, on two slots.
    const [row] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.redemptionCount).toBe(3);
    expect(await slotsOf(coupon.id)).toEqual([
      { slot: 0, quota: 1, uses: 0 },
      { slot: 1, quota: 1, uses: 0 },
    ]);
    await buyOne();
    await buyOne();
    expect(await refusalOf(buyOne())).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    expect(await usesCounted(db(), coupon.id)).toBe(5);
    // Saved at its limit (a note written): the save goes through, and the code has no slots.
    await updateCoupon({
      db: db(),
      couponId: coupon.id,
      input: couponSchema.parse({ ...form, maxRedemptions: "5", note: "Full" }),
      actor,
    });
    expect(await slotsOf(coupon.id)).toEqual([]);
    expect(await usesCounted(db(), coupon.id)).toBe(5);
    // Without a limit the code has no slots, and its count stays where it was.
    await updateCoupon({ db: db(), couponId: coupon.id, input: couponSchema.parse(form), actor });
    expect(await slotsOf(coupon.id)).toEqual([]);
    await buyOne();
    expect(await usesCounted(db(), coupon.id)).toBe(5);
    await expectLedgerInvariant(db());
  });

  it("gives a code's last three uses to three of eight members buying at once; the others are told it is used up", async () => {
    const coupon = await makeCoupon(db(), { maxRedemptions: "3" });
    const plan = await createPlan(db(), "Pi", usdt(50));
    const members = await Promise.all(Array.from({ length: 8 }, () => createMember(db(), { balance: usdt(50) })));
    const results = await Promise.allSettled(
      members.map((member) => buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    for (const result of results.filter((r) => r.status === "rejected"))
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: "CONFLICT",
        message: couponMessages.usedUp,
      });
    expect(await usesCounted(db(), coupon.id)).toBe(3);
    expect((await slotsOf(coupon.id)).every((slot) => slot.uses === slot.quota)).toBe(true);
    await expectLedgerInvariant(db());
  });
});
