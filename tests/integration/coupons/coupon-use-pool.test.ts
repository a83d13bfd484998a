import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { couponSchema } from "~/lib/validation/admin/coupons";
import { checkCouponCode } from "#server/coupons/check-coupon-code";
import { CouponUsePool } from "#server/coupons/coupon-use-pool";
import { findCoupon } from "#server/coupons/find-coupon";
import { coupons } from "#server/db/schema";
import { updateCoupon } from "#server/staff/coupons/update-coupon";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { actor, buy, makeCoupon, otherMembersUses, refusalOf, usdt, usesCounted } from "./coupon-fixtures";

// A limited code's uses are taken from its slots in blocks and handed out from each process's
// memory (coupon-use-pool.ts); two pools here stand for two processes.
describeEachDatabase("a limited code's uses kept in memory by each process", (database) => {
  const db = () => database().db;

  async function setUp(maxRedemptions: string) {
    const coupon = await makeCoupon(db(), { percentOff: "20", maxRedemptions });
    const plan = await createPlan(db(), "Kappa", usdt(50));
    const buyWith = async (pool: CouponUsePool) => {
      const member = await createMember(db(), { balance: usdt(50) });
      return buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40), usePool: pool });
    };
    const actualUses = async () => {
      const rows = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from billing_history where coupon_id = ${coupon.id} and coupon_use = 'purchase'`,
      );
      return Number(rows.rows[0]!.n);
    };
    return { coupon, plan, buyWith, actualUses };
  }

  it("gives a rolled-back purchase's use back to its pool, and counts it once when it is spent", async () => {
    const { coupon, plan, actualUses } = await setUp("1000");
    const pool = new CouponUsePool();
    expect(await pool.refill({ db: db(), couponId: coupon.id })).toBe(true);
    const block = pool.held(coupon.id);
    // An eighth of a slot's 125: more than one use per block far from the limit.
    expect(block).toBeGreaterThan(1);
    expect(await usesCounted(db(), coupon.id)).toBe(block);
    const member = await createMember(db(), { balance: usdt(50) });
    // The purchase's write statement fails (its billing row refused), after the use was taken.
    await db().execute(
      sql.raw(`
      create function refuse_bill() returns trigger language plpgsql as $$
      begin if new.user_id = '${member.id}' then raise exception 'refused' using errcode = 'P0001'; end if; return new; end $$`),
    );
    await db().execute(
      sql`create trigger refuse_bill before insert on billing_history for each row execute function refuse_bill()`,
    );
    const attempt = buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40), usePool: pool });
    await expect(attempt).rejects.toThrow();
    expect(pool.held(coupon.id)).toBe(block);
    await db().execute(sql`drop trigger refuse_bill on billing_history`);
    await db().execute(sql`drop function refuse_bill()`);
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40), usePool: pool });
    expect(pool.held(coupon.id)).toBe(block - 1);
    expect(await actualUses()).toBe(1);
    expect(await usesCounted(db(), coupon.id)).toBe(block);
    await expectLedgerInvariant(db());
  });

  it("voids the blocks handed out when staff save the code: a purchase holding one runs again, counted once", async () => {
    const { coupon, buyWith, actualUses } = await setUp("1000");
    const pool = new CouponUsePool();
    await pool.refill({ db: db(), couponId: coupon.id });
    expect(pool.held(coupon.id)).toBeGreaterThan(1);
    const form = { code: coupon.code, kind: "percent", percentOff: "20", duration: "once", maxRedemptions: "1000" };
    await updateCoupon({ db: db(), couponId: coupon.id, input: couponSchema.parse(form), actor });
    // The save counted no use and spread all 1000 again: the block is void.
    expect(await usesCounted(db(), coupon.id)).toBe(0);
    await buyWith(pool);
    expect(await actualUses()).toBe(1);
    // Counted on a slot by the purchase's second run (the void block dropped, not spent).
    expect(await usesCounted(db(), coupon.id)).toBe(1);
    expect(pool.held(coupon.id)).toBe(0);
    await expectLedgerInvariant(db());
  });

  it("does not say used up while uses sit unused in another process's pool, and stops at the limit", async () => {
    const { coupon, plan, buyWith, actualUses } = await setUp("2");
    const other = new CouponUsePool();
    // The other process took both uses (a block of one each, the limit being near) and spent none.
    await other.refill({ db: db(), couponId: coupon.id });
    await other.refill({ db: db(), couponId: coupon.id });
    expect(other.held(coupon.id)).toBe(2);
    expect(await usesCounted(db(), coupon.id)).toBe(2);
    const member = await createMember(db(), { balance: usdt(50) });
    const check = await checkCouponCode({
      db: db(),
      code: coupon.code,
      planIds: [plan.id],
      billingPeriod: "monthly",
      userId: member.id,
      clientIp: "192.0.2.9",
    });
    expect(check).toMatchObject({ code: coupon.code });
    const edited = async () => (await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.updatedAt;
    const before = await edited();
    // This process finds no slot with room, counts the actual uses (none) and spreads them again.
    await buyWith(new CouponUsePool());
    // A recount is no edit of the code.
    expect(await edited()).toEqual(before);
    await buyWith(other);
    expect(await refusalOf(buyWith(other))).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    expect(await refusalOf(buyWith(new CouponUsePool()))).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    expect(await actualUses()).toBe(2);
    await expectLedgerInvariant(db());
  });

  it("gives the last uses to exactly as many purchases as the limit allows, racing across two pools", async () => {
    const { coupon, buyWith, actualUses } = await setUp("3");
    const pools = [new CouponUsePool(), new CouponUsePool()];
    // One pool already holds a use it has not spent.
    await pools[0]!.refill({ db: db(), couponId: coupon.id });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => buyWith(pools[i % 2]!)));
    const sold = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(sold).toHaveLength(3);
    expect(refused.map((error: Error) => error.message)).toEqual(Array(5).fill(couponMessages.usedUp));
    expect(await actualUses()).toBe(3);
    // The ledger of uses never passes the limit: the slots' counts hold at least every actual use.
    expect(await usesCounted(db(), coupon.id)).toBeLessThanOrEqual(3);
    expect(await usesCounted(db(), coupon.id)).toBeGreaterThanOrEqual(3);
    const bills = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from billing_history where coupon_code = ${coupon.code}`,
    );
    expect(Number(bills.rows[0]!.n)).toBe(3);
    await expectLedgerInvariant(db());
  });

  it("does not count an unlimited code's purchases for a cart's check: its own count is what the check reads", async () => {
    const { coupon, plan } = await setUp("");
    expect(coupon.maxRedemptions).toBeNull();
    // Three purchases by other members, and a count of its own that says otherwise.
    await otherMembersUses(db(), coupon.id, 3);
    await db().execute(sql`update coupons set redemption_count = 7 where id = ${coupon.id}`);
    const member = await createMember(db(), { balance: usdt(50) });
    const cart = { db: db(), code: coupon.code, userId: member.id };
    const check = await checkCouponCode({
      ...cart,
      planIds: [plan.id],
      billingPeriod: "monthly",
      clientIp: "192.0.2.9",
    });
    expect(check).toMatchObject({ code: coupon.code });
    // The check's read of the code (findCoupon): its count, not its three billing rows.
    expect((await findCoupon(cart))?.redemptionCount).toBe(7);
  });
});
