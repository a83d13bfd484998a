import { and, asc, eq, inArray } from "drizzle-orm";
import { formatUsdt, parseUsdt } from "~/lib/money";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import type { Db, Tx } from "../db/client.ts";
import { withRetry } from "../db/db-errors.ts";
import { billingHistory, pricing, profiles, purchaseRequests, subscriptions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { newInvoiceId } from "./invoice-id.ts";
import { postLedgerEntry } from "./ledger.ts";
import { purchaseMessages } from "./messages.ts";
import { firstBillingDate } from "./periods.ts";

/**
 * A successful purchase (in the one envelope's `ok: true`
 * answer). Money is a micro-USDT string, the wire format (JSON cannot carry bigint).
 * - `activeSubscriptions`: ids of the plans active for the member after the call.
 * - `newBalance`: the balance after the purchase.
 */
export type PurchaseResult = { activeSubscriptions: number[]; newBalance: string };

/**
 * What a refusal tells the caller besides its message (the envelope's extra fields):
 * `required` (the recomputed total) and `currentBalance` as micro-USDT strings, and the plans
 * active for the member.
 */
export type PurchaseRefusal = { required?: string; currentBalance?: string; activeSubscriptions: number[] };

export type PurchaseOptions = {
  db: Db;
  userId: string;
  /** Checked and converted once at the edge by `purchaseRequestSchema` (app/lib/validation/dashboard/purchase.ts). */
  planIds: readonly number[];
  billingPeriod: BillingPeriod;
  /** What the client showed and expects to pay, in micro-USDT. */
  totalAmount: bigint;
  /** Chosen by the client per checkout; a retry with the same key replays the stored answer. */
  idempotencyKey: string;
  now?: Date;
  /**
   * The total was priced by the pricing module earlier and is still held (an order's prices, for
   * 24 hours): charge it even if a plan's price changed since, instead of refusing.
   */
  heldTotal?: boolean;
};

export const PAYMENT_TYPE_BALANCE = "USDT Balance";

/**
 * Buys one or more plans from the member's USDT balance, all in ONE transaction
 * (a balance only changes with its ledger row):
 *  1. lock the member's profile row — every purchase of one member runs one after another, so
 *     the balance and active-plan checks below cannot race (50 concurrent clicks charge once);
 *  2. replay the stored answer when this idempotency key already succeeded;
 *  3. load the published plans, recompute every price with the one pricing module and compare
 *     with the client's total;
 *  4. refuse plans already active and a short balance;
 *  5. write the subscriptions, one billing row, one ledger debit, the notification and the
 *     idempotency record.
 *
 * Refusals are thrown as AppErrors carrying `answer: PurchaseRefusal`: unavailable plans and
 * already subscribed → CONFLICT (409), prices changed → CONFLICT, insufficient balance →
 * PAYMENT_REQUIRED (402). The transaction rolls back (they wrote nothing anyway) and nothing is
 * stored under the idempotency key, so the same checkout succeeds when retried after a deposit.
 * Only successes are stored, so a retried success never charges twice.
 *
 * A lost race that the database reports as a unique violation (a subscription or idempotency
 * row written meanwhile by a path that does not take the profile lock) reruns the whole
 * transaction, which then answers from the committed state instead of failing with a 500.
 */
export async function purchaseSubscriptions(options: PurchaseOptions): Promise<PurchaseResult> {
  return withRetry(() => options.db.transaction((tx) => purchaseInTransaction(tx, options)));
}

function refuse(code: "CONFLICT" | "PAYMENT_REQUIRED", message: string, answer: PurchaseRefusal): never {
  throw new AppError(code, message, { answer });
}

/**
 * The purchase inside a transaction the caller holds (an order's completion, which marks the
 * order paid in the same transaction). Refusals are thrown before anything is written, so the
 * caller may catch them and carry on with the transaction.
 */
export async function purchaseInTransaction(tx: Tx, options: Omit<PurchaseOptions, "db">): Promise<PurchaseResult> {
  const { userId, planIds, billingPeriod: period, now = new Date() } = options;
  const [profile] = await tx
    .select({ balance: profiles.balance })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!profile) throw new AppError("NOT_FOUND", purchaseMessages.profileNotFound);

  const [stored] = await tx
    .select({ response: purchaseRequests.response })
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, options.idempotencyKey)));
  if (stored) return storedResult(stored.response);

  const active = await activePlanIds(tx, userId);
  const found = await tx
    .select({ id: pricing.id, name: pricing.name, price: pricing.price })
    .from(pricing)
    .where(and(inArray(pricing.id, [...planIds]), eq(pricing.published, true)));
  if (found.length !== planIds.length)
    refuse("CONFLICT", purchaseMessages.unavailable, { activeSubscriptions: active });
  const byId = new Map(found.map((plan) => [plan.id, plan]));
  const plans = planIds.map((id) => byId.get(id)!);
  const priced = plans.reduce((sum, plan) => sum + priceFor(plan.price, period), 0n);
  const total = options.heldTotal ? options.totalAmount : priced;

  if (priced !== options.totalAmount && !options.heldTotal) {
    refuse("CONFLICT", purchaseMessages.pricesChanged, { required: total.toString(), activeSubscriptions: active });
  }
  const already = plans.filter((plan) => active.includes(plan.id));
  if (already.length > 0) {
    refuse("CONFLICT", purchaseMessages.alreadySubscribed(already.map((plan) => plan.name)), {
      activeSubscriptions: active,
    });
  }
  if (profile.balance < total) {
    refuse("PAYMENT_REQUIRED", purchaseMessages.insufficientBalance(total - profile.balance), {
      required: total.toString(),
      currentBalance: profile.balance.toString(),
      activeSubscriptions: active,
    });
  }

  const newBalance = await chargeAndSubscribe(tx, { userId, period, plans, total, now, balance: profile.balance });
  const result: PurchaseResult = {
    activeSubscriptions: [...active, ...planIds].sort((a, b) => a - b),
    newBalance: newBalance.toString(),
  };
  await tx.insert(purchaseRequests).values({ userId, idempotencyKey: options.idempotencyKey, response: result });
  return result;
}

/**
 * A stored answer, replayed. Rows written before 2026-11-23 hold the old answer shape
 * (`success: true` and a decimal `newBalance` such as "51"); they are read in the new format so
 * a retry across the upgrade answers the same purchase the same way.
 */
function storedResult(response: unknown): PurchaseResult {
  const row = response as { success?: boolean; activeSubscriptions: number[]; newBalance: string };
  if (row.success === undefined) return { activeSubscriptions: row.activeSubscriptions, newBalance: row.newBalance };
  return { activeSubscriptions: row.activeSubscriptions, newBalance: String(parseUsdt(row.newBalance) ?? 0n) };
}

/** The writes of an accepted purchase; returns the new balance. */
async function chargeAndSubscribe(
  tx: Tx,
  order: {
    userId: string;
    period: BillingPeriod;
    plans: { id: number; name: string }[];
    total: bigint;
    now: Date;
    balance: bigint;
  },
): Promise<bigint> {
  const { userId, period, plans, total, now } = order;
  const lifetime = period === "lifetime";
  await tx.insert(subscriptions).values(
    plans.map((plan) => ({
      userId,
      planId: plan.id,
      status: "active" as const,
      billingPeriod: period,
      startDate: now,
      nextBillingDate: firstBillingDate(now, period),
      autorenew: !lifetime,
    })),
  );

  const planNames = plans.map((plan) => plan.name).join(", ");
  const description = `${planNames} (${lifetime ? "lifetime, one-time" : period})`;
  const invoiceId = newInvoiceId(now);
  const [bill] = await tx
    .insert(billingHistory)
    .values({
      userId,
      invoiceId,
      issueDate: now,
      totalAmount: total,
      paymentType: PAYMENT_TYPE_BALANCE,
      status: "paid",
      description,
    })
    .returning({ id: billingHistory.id });

  let balance = order.balance;
  // A cart can only total 0 if a tiny price floors to 0 for a quarter; a ledger row must not be 0.
  if (total > 0n) {
    const posted = await postLedgerEntry({
      tx,
      userId,
      kind: "purchase",
      amount: -total,
      reference: `purchase:${bill!.id}`,
      memo: `${invoiceId} ${description}`,
    });
    balance = posted.balance;
  }

  await enqueueNotification({
    tx,
    userId,
    kind: "purchase_confirmed",
    payload: {
      plans: planNames,
      period,
      amount: formatUsdt(total, { suffix: true }),
      invoiceId,
      balance: formatUsdt(balance),
    },
  });
  return balance;
}

/** Ids of the plans this member has an active subscription to, ascending. */
export async function activePlanIds(tx: Tx | Db, userId: string): Promise<number[]> {
  const rows = await tx
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
    .orderBy(asc(subscriptions.planId));
  return rows.map((row) => row.planId);
}
