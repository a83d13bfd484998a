import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { priceFor } from "~/lib/pricing";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { subscriptions } from "#server/db/schema";
import { getMrr } from "#server/staff/overview/get-mrr";
import { getPastMrr } from "#server/staff/overview/get-past-mrr";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { buy, makeCoupon, usdt } from "./coupon-fixtures";

const START = new Date("2026-01-10T09:00:00.000Z");
const DUE = new Date("2026-02-10T09:00:00.000Z");
const HOUR = 3_600_000;
/** A day after the purchases: the past MRR reads the subscriptions as they stood then. */
const AFTER = new Date(START.getTime() + 24 * HOUR).toISOString();

// The overview's MRR counts what renewals will charge: a code that still discounts renewals
// (every renewal, or a number of them) is taken off, one for the first period only is not.
describeEachDatabase("MRR with coupon codes", (database) => {
  const db = () => database().db;

  // MRR reads every subscription in the database: each test starts clean.
  beforeEach(async () => {
    await db().execute(sql`truncate table "user", pricing, coupons, rate_limits cascade`);
  });

  /** Gold (20 USDT a month) bought at START with a code made from `form`, for `total`. */
  async function boughtWith(
    form: Parameters<typeof makeCoupon>[1],
    total: bigint,
    options: { period?: "monthly" | "quarterly"; balance?: bigint } = {},
  ) {
    const coupon = await makeCoupon(db(), form);
    const plan = await createPlan(db(), "Gold", usdt(20));
    const member = await createMember(db(), { balance: total + (options.balance ?? 0n) });
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total, period: options.period, now: START });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    return { member, plan, sub: sub! };
  }

  it("counts a subscription whose code takes 50 % off every renewal at half its price, now and 30 days on", async () => {
    await boughtWith({ percentOff: "50", duration: "forever" }, usdt(10));
    expect(await getMrr({ db: db() })).toEqual({ mrr: usdt(10), subscriptions: 1 });
    expect(await getPastMrr({ db: db(), at: AFTER })).toBe(usdt(10));
  });

  it("counts a subscription whose code took 50 % off the first period only at its full price", async () => {
    await boughtWith({ percentOff: "50", duration: "once" }, usdt(10));
    expect(await getMrr({ db: db() })).toEqual({ mrr: usdt(20), subscriptions: 1 });
    expect(await getPastMrr({ db: db(), at: AFTER })).toBe(usdt(20));
  });

  it("counts a code for a number of renewals while it has renewals left, then the full price", async () => {
    await boughtWith({ percentOff: "50", duration: "repeating", durationRenewals: "1" }, usdt(10), {
      balance: usdt(10),
    });
    expect((await getMrr({ db: db() })).mrr).toBe(usdt(10));
    // Its one discounted renewal is charged: the code has nothing left to take off.
    expect((await runRenewals({ db: db(), now: new Date(DUE.getTime() + HOUR) })).charged).toBe(1);
    expect((await getMrr({ db: db() })).mrr).toBe(usdt(20));
  });

  it("counts a quarterly subscription's fixed code off the quarter, then ÷ 3", async () => {
    const quarter = priceFor(usdt(20), "quarterly");
    await boughtWith({ kind: "fixed", percentOff: "", amountOff: "6", duration: "forever" }, quarter - usdt(6), {
      period: "quarterly",
    });
    expect((await getMrr({ db: db() })).mrr).toBe((quarter - usdt(6)) / 3n);
    expect(await getPastMrr({ db: db(), at: AFTER })).toBe((quarter - usdt(6)) / 3n);
  });

  it("counts a scheduled smaller plan at its own price: the renewal that applies it drops the old plan's code", async () => {
    const { sub } = await boughtWith({ percentOff: "50", duration: "forever" }, usdt(10));
    const small = await createPlan(db(), "Bronze", usdt(8));
    // As schedulePlanChange leaves it (its own rules for which plan is smaller are not at stake here).
    await db()
      .update(subscriptions)
      .set({ scheduledPlanId: small.id, scheduledBillingPeriod: "monthly", scheduledAt: START })
      .where(eq(subscriptions.id, sub.id));
    expect((await getMrr({ db: db() })).mrr).toBe(usdt(8));
  });
});
