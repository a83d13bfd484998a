import crypto from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { expect } from "vitest";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import { couponSchema, type CouponForm } from "~/lib/validation/admin/coupons";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import type { CouponUsePool } from "#server/coupons/coupon-use-pool";
import type { Db, DbOrTx } from "#server/db/client";
import { billingHistory, coupons, ledgerEntries, profiles } from "#server/db/schema";
import { createCoupon } from "#server/staff/coupons/create-coupon";
import type { StaffActor } from "#server/staff/record-audit-event";

export const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
export const actor: StaffActor = { userId: null, label: "test-operator", role: "operator" };

/** A code made as the back office's form makes one (the same schema), with any field changed. */
export async function makeCoupon(db: Db, form: Partial<CouponForm> = {}) {
  const input = couponSchema.parse({
    code: `C${crypto.randomBytes(4).toString("hex")}`,
    kind: "percent",
    percentOff: "20",
    duration: "once",
    ...form,
  });
  const { couponId } = await createCoupon({ db, input, actor });
  const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  return row!;
}

/** Buys plans from the balance with a code, at the total the cart would show. */
export function buy(
  db: Db,
  options: {
    userId: string;
    plans: { id: number; price: bigint }[];
    code?: string;
    total: bigint;
    period?: BillingPeriod;
    clientIp?: string;
    now?: Date;
    /** Where the code's uses are kept (another "process"'s pool); this process's by default. */
    usePool?: CouponUsePool;
  },
) {
  return purchaseSubscriptions({
    db,
    userId: options.userId,
    planIds: options.plans.map((plan) => plan.id),
    billingPeriod: options.period ?? "monthly",
    totalAmount: options.total,
    idempotencyKey: crypto.randomUUID(),
    couponCode: options.code,
    clientIp: options.clientIp ?? "192.0.2.1",
    now: options.now,
    usePool: options.usePool,
  });
}

export const listTotal = (plans: { price: bigint }[], period: BillingPeriod = "monthly") =>
  plans.reduce((sum, plan) => sum + priceFor(plan.price, period), 0n);

/** What a member's purchases left: the bills, the ledger's debits, the code's uses and the balance. */
export async function moneyOf(db: Db, userId: string) {
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
  return {
    balance: profile!.balance,
    bills: await db
      .select()
      .from(billingHistory)
      .where(eq(billingHistory.userId, userId))
      .orderBy(billingHistory.issueDate),
    debits: (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)))
      .filter((entry) => entry.amount < 0n)
      .map((entry) => entry.amount),
    // The code's uses are the bills that are one, with the fields a use row had.
    uses: (
      await db
        .select()
        .from(billingHistory)
        .where(and(eq(billingHistory.userId, userId), isNotNull(billingHistory.couponId)))
        .orderBy(billingHistory.issueDate)
    ).map((bill) => ({
      couponId: bill.couponId!,
      kind: bill.couponUse!,
      billingId: bill.id,
      orderId: bill.orderId,
      listAmount: bill.listAmount!,
      discountAmount: bill.discountAmount,
      chargedAmount: bill.totalAmount,
      createdAt: bill.issueDate,
    })),
  };
}

/** That a refused purchase wrote nothing of the member's: no bill, no debit, no use; and, given, the balance it had. */
export async function expectNothingWritten(db: Db, userId: string, balance?: bigint) {
  const money = await moneyOf(db, userId);
  expect([money.bills, money.debits, money.uses].map((rows) => rows.length)).toEqual([0, 0, 0]);
  if (balance !== undefined) expect(money.balance).toBe(balance);
}

/** A refusal's status code and message. */
export function refusalFrom(error: unknown) {
  const e = error as { code?: string; message: string };
  return { code: e.code, message: e.message };
}

/** The refusal an awaited call threw: its status code and message. */
export async function refusalOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return refusalFrom(error);
  }
  throw new Error("expected a refusal");
}

/** The purchases counted against a code's limit: its own count and its slots' uses. */
export async function usesCounted(db: DbOrTx, couponId: number): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    select (select redemption_count from coupons where id = ${couponId})
         + coalesce((select sum(uses)::int from coupon_use_slots where coupon_id = ${couponId}), 0) as n`);
  return Number(rows.rows[0]!.n);
}

/**
 * Purchases with the code by another member, as their billing rows (what a code's actual uses are:
 * coupon-purchase-uses.ts), without their money: `count` of them, or as many as its limit leaves.
 */
export async function otherMembersUses(db: DbOrTx, couponId: number, count?: number) {
  const userId = crypto.randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email) values (${userId}, 'Other', ${`other-${userId}@example.com`})`,
  );
  const left = sql`(select max_redemptions from coupons where id = ${couponId})
    - (select count(*)::int from billing_history where coupon_id = ${couponId} and coupon_use = 'purchase')`;
  await db.execute(sql`
    insert into billing_history (user_id, invoice_id, total_amount, status, list_amount, discount_amount,
                                 coupon_code, coupon_id, coupon_use)
    select ${userId}, 'OTHER-' || gen_random_uuid(), ${usdt(40)}, 'paid', ${usdt(50)}, ${usdt(10)},
           (select code from coupons where id = ${couponId}), ${couponId}, 'purchase'
      from generate_series(1, ${count === undefined ? left : sql`${count}::int`})`);
}

/** What other members' purchases leave when they take every use a limited code has left: their rows, its slots full. */
export async function takeEveryUse(db: DbOrTx, couponId: number) {
  await otherMembersUses(db, couponId);
  return db.execute(sql`update coupon_use_slots set uses = quota where coupon_id = ${couponId}`);
}
