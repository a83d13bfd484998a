import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { pgError } from "#server/db/db-errors";
import { coupons, subscriptions } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { buy, makeCoupon, usdt } from "./coupon-fixtures";

// A purchase with a code writes nothing to the code's row: purchases with a popular code at once
// would each rewrite its lock word and make a new multixact of all its lockers. A code whose rule
// discounts renewals is named by the subscriptions it discounts, with no foreign key (whose check
// locks the row it finds); a deletion trigger keeps such a code instead.
describeEachDatabase("a code's row through its purchases", (database) => {
  const db = () => database().db;

  /** Deletes a code: null when it went, else the database's refusal. */
  const deleteCoupon = (couponId: number) =>
    db()
      .delete(coupons)
      .where(eq(coupons.id, couponId))
      .then(() => null, pgError);

  /** The row's xmax: 0 while no transaction has locked, changed or deleted it since it was written. */
  const lockWord = async (couponId: number) =>
    (await db().execute<{ xmax: string }>(sql`select xmax::text as xmax from coupons where id = ${couponId}`)).rows[0]!
      .xmax;

  it.each([
    { duration: "once", renewalsLeft: undefined },
    { duration: "forever", renewalsLeft: null },
    { duration: "repeating", renewalsLeft: 2 },
  ] as const)(
    "a purchase with a code taking off $duration leaves the code's row unlocked, and the plan keeps what renews",
    async ({ duration, renewalsLeft }) => {
      const coupon = await makeCoupon(db(), {
        duration,
        ...(duration === "repeating" ? { durationRenewals: "2" } : {}),
      });
      expect(await lockWord(coupon.id)).toBe("0");
      const member = await createMember(db(), { balance: usdt(50) });
      const plan = await createPlan(db(), "Renewing", usdt(50));
      await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });

      const [held] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
      expect(held).toMatchObject(
        renewalsLeft === undefined
          ? { couponId: null, couponRenewalsLeft: null }
          : { couponId: coupon.id, couponRenewalsLeft: renewalsLeft },
      );
      expect(await lockWord(coupon.id)).toBe("0");
    },
  );

  it("a code a bill names cannot be deleted, and the refusal says a bill keeps it", async () => {
    const used = await makeCoupon(db());
    const member = await createMember(db(), { balance: usdt(50) });
    const plan = await createPlan(db(), "Billed", usdt(50));
    // A first-period code: its bill names it, its subscription does not.
    await buy(db(), { userId: member.id, plans: [plan], code: used.code, total: usdt(40) });
    const refused = await deleteCoupon(used.id);
    expect(refused).toMatchObject({
      code: "23503",
      message: `coupon ${used.code} has been used: a bill names it, so it cannot be deleted`,
    });
  });

  it("a code a subscription names cannot be deleted, even with no bill naming it; an unused one can", async () => {
    const named = await makeCoupon(db(), { duration: "forever" });
    const member = await createMember(db());
    const plan = await createPlan(db(), "Named", usdt(50));
    // Written by hand: the site names a code on a subscription only with the bill of its use.
    await db()
      .insert(subscriptions)
      .values({
        userId: member.id,
        planId: plan.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 86_400_000),
        couponId: named.id,
      });
    const refused = await deleteCoupon(named.id);
    // The refusal says what keeps the code: a subscription, not a bill (none names it here).
    expect(refused).toMatchObject({
      code: "23503",
      message: `coupon ${named.code} discounts a subscription's renewals, so it cannot be deleted`,
    });
    expect(await db().select({ id: coupons.id }).from(coupons).where(eq(coupons.id, named.id))).toHaveLength(1);

    const unused = await makeCoupon(db());
    expect(await deleteCoupon(unused.id)).toBeNull();
    expect(await db().select({ id: coupons.id }).from(coupons).where(eq(coupons.id, unused.id))).toHaveLength(0);
  });
});
