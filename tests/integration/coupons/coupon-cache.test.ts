import { eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect, it, vi } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { couponSchema } from "~/lib/validation/admin/coupons";
import { CouponUsePool } from "#server/coupons/coupon-use-pool";
import { spreadCouponUses } from "#server/coupons/spread-coupon-uses";
import type { Tx } from "#server/db/client";
import { coupons, rateLimits } from "#server/db/schema";
import { pauseCoupon } from "#server/staff/coupons/pause-coupon";
import { updateCoupon } from "#server/staff/coupons/update-coupon";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { actor, buy, makeCoupon, moneyOf, refusalOf, takeEveryUse, usdt, usesCounted } from "./coupon-fixtures";

// A purchase's kept statements go past tx.execute (executeKept): recorded here on their way.
const kept = vi.hoisted(() => [] as string[]);
vi.mock("#server/db/execute-kept", () => {
  const dialect = new PgDialect();
  return {
    executeKept: (options: { db: Tx; query: SQL }) => {
      kept.push(dialect.sqlToQuery(options.query).sql);
      return options.db.execute(options.query);
    },
  };
});

// A process keeps a code a purchase read for its next purchases with it (coupon-cache.ts). Here
// another process's edit is a change made straight in the database, which this process's cache
// does not hear of: the purchases must still answer as the code is now.
describeEachDatabase("a code kept by the process that read it", (database) => {
  const db = () => database().db;

  /** A code and a plan, and a member who bought the plan with the code: the code is kept from then. */
  async function keptCode(form: Parameters<typeof makeCoupon>[1] = {}) {
    const coupon = await makeCoupon(db(), form);
    const plan = await createPlan(db(), "Theta", usdt(50));
    const first = await createMember(db(), { balance: usdt(50) });
    await buy(db(), { userId: first.id, plans: [plan], code: coupon.code, total: usdt(40) });
    const member = await createMember(db(), { balance: usdt(50) });
    return { coupon, plan, member };
  }

  const readsTheCode = (text: string) => /from coupons where upper\(coupons\.code\)/.test(text);
  /** The part of a read asking whether the member ever had a plan (find-coupon.ts memberUsesPairs). */
  const hadPlanAsked = "s.trial_converted_at is not null";

  it("reads only the member's uses of a code this process read lately, and counts the use as before", async () => {
    const { coupon, plan, member } = await keptCode({ maxRedemptions: "10" });
    kept.length = 0;
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code.toLowerCase(), total: usdt(40) });
    const [read] = kept;
    expect(read).toContain("coupon_use = 'purchase'");
    expect(readsTheCode(read!)).toBe(false);
    // A code for anyone does not ask whether the member had a plan: the statement leaves it out.
    expect(read).not.toContain(hadPlanAsked);
    const money = await moneyOf(db(), member.id);
    expect([money.balance, money.uses.length]).toEqual([usdt(10), 1]);
    expect(await usesCounted(db(), coupon.id)).toBe(2);
    await expectLedgerInvariant(db());
  });

  it("takes a block of a kept limited code's uses before the purchase's transaction starts, and runs the purchase once", async () => {
    const { coupon, plan, member } = await keptCode({ maxRedemptions: "1000" });
    // A process holding none of its uses yet.
    const pool = new CouponUsePool();
    const refill = pool.refill.bind(pool);
    const refills = vi.spyOn(pool, "refill").mockImplementation(async (options) => {
      kept.push("refill");
      return refill(options);
    });
    kept.length = 0;
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40), usePool: pool });
    expect(refills).toHaveBeenCalledTimes(1);
    // The block first, then the purchase's statements, its first (the lock and the reads) once: no
    // run found no use kept and ran again.
    expect(kept[0]).toBe("refill");
    expect(kept.filter((text) => text.includes("as guess_wait"))).toHaveLength(1);
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(1);
    await expectLedgerInvariant(db());
  });

  it("refuses a code paused elsewhere since it was kept, writing nothing and counting one guess", async () => {
    const { coupon, plan, member } = await keptCode();
    await db().update(coupons).set({ paused: true }).where(eq(coupons.id, coupon.id));
    expect(
      await refusalOf(buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "VALIDATION", message: couponMessages.paused });
    const money = await moneyOf(db(), member.id);
    expect([money.balance, money.bills.length, money.uses.length]).toEqual([usdt(50), 0, 0]);
    const [guesses] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `coupon:user:${member.id}`));
    expect(guesses?.count).toBe(1);
  });

  it("refuses a code's old text once it was renamed elsewhere, before its first use", async () => {
    const coupon = await makeCoupon(db());
    const plan = await createPlan(db(), "Theta", usdt(50));
    // A refused checkout (a short balance) read the code all the same: it is kept.
    const poor = await createMember(db(), { balance: usdt(1) });
    await refusalOf(buy(db(), { userId: poor.id, plans: [plan], code: coupon.code, total: usdt(40) }));
    await db()
      .update(coupons)
      .set({ code: `${coupon.code}X` })
      .where(eq(coupons.id, coupon.id));
    const member = await createMember(db(), { balance: usdt(50) });
    expect(
      await refusalOf(buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "VALIDATION", message: couponMessages.unknown });
    expect((await moneyOf(db(), member.id)).bills).toHaveLength(0);
  });

  it("sells a code kept as used up once its limit was raised elsewhere: a refusal is never answered from memory", async () => {
    const { coupon, plan, member } = await keptCode({ maxRedemptions: "1" });
    // Refused as used up, read afresh: the code is kept so.
    expect(
      await refusalOf(buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    // Raised as the back office's form does it, by another process.
    await db().transaction(async (tx) => {
      await tx.execute(sql`update coupons set max_redemptions = 2, redemption_count = 1 where id = ${coupon.id}`);
      await spreadCouponUses({ tx, couponId: coupon.id });
    });
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(1);
    expect(await usesCounted(db(), coupon.id)).toBe(2);
    await expectLedgerInvariant(db());
  });

  it("refuses as used up a code that other purchases used up since it was kept", async () => {
    const { coupon, plan } = await keptCode({ maxRedemptions: "2" });
    const other = await createMember(db(), { balance: usdt(50) });
    // The last use taken by a purchase of another process: this one's memory still says one is left.
    await takeEveryUse(db(), coupon.id);
    expect(await refusalOf(buy(db(), { userId: other.id, plans: [plan], code: coupon.code, total: usdt(40) }))).toEqual(
      { code: "CONFLICT", message: couponMessages.usedUp },
    );
    const money = await moneyOf(db(), other.id);
    expect([money.balance, money.uses.length]).toEqual([usdt(50), 0]);
  });

  it("asks whether the member had a plan of a kept code for new members, and refuses one who had", async () => {
    const { coupon, plan, member } = await keptCode({ newMembersOnly: true });
    const other = await createPlan(db(), "Iota", usdt(10));
    await buy(db(), { userId: member.id, plans: [other], total: usdt(10) });
    kept.length = 0;
    expect(
      await refusalOf(buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.newMembersOnly });
    // Refused from the kept code's read (which asked), and again on the fresh read that answers a refusal.
    expect(kept[0]).toContain(hadPlanAsked);
    expect(kept.filter(readsTheCode)).toHaveLength(1);
    expect(kept.filter((text) => text.includes("coupon_use = 'purchase'"))).toHaveLength(2);
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(0);
  });

  it("forgets a code when staff of this process pause, resume or save it: the next purchase reads its row", async () => {
    const { coupon, plan, member } = await keptCode({ maxRedemptions: "10" });
    const readsOnNextBuy = async (userId: string) => {
      kept.length = 0;
      await buy(db(), { userId, plans: [plan], code: coupon.code, total: usdt(40) });
      return readsTheCode(kept[0]!);
    };
    // Kept: a purchase right after another reads only the member's uses.
    expect(await readsOnNextBuy(member.id)).toBe(false);
    // Paused and resumed: the terms are as they were, so only forgetting makes the purchase read the row.
    await pauseCoupon({ db: db(), couponId: coupon.id, paused: true, actor });
    await pauseCoupon({ db: db(), couponId: coupon.id, paused: false, actor });
    expect(await readsOnNextBuy((await createMember(db(), { balance: usdt(50) })).id)).toBe(true);
    // Saved with a new note only (the terms of a used code stay fixed).
    const form = { code: coupon.code, kind: "percent", percentOff: "20", duration: "once", maxRedemptions: "10" };
    await updateCoupon({
      db: db(),
      couponId: coupon.id,
      input: couponSchema.parse({ ...form, note: "Spring" }),
      actor,
    });
    expect(await readsOnNextBuy((await createMember(db(), { balance: usdt(50) })).id)).toBe(true);
    expect(await usesCounted(db(), coupon.id)).toBe(4);
    await expectLedgerInvariant(db());
  });
});
