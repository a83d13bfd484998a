import { and, asc, eq, inArray } from "drizzle-orm";
import { formatUsdt, microToDecimal } from "~/lib/money";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import type { Db, Tx } from "../db/client.ts";
import { billingHistory, pricing, profiles, purchaseRequests, subscriptions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { withRetry } from "../db/db-errors.ts";
import { newInvoiceId } from "./invoice-id.ts";
import { postLedgerEntry } from "./ledger.ts";
import { purchaseMessages } from "./messages.ts";
import { firstBillingDate } from "./periods.ts";
import { parsePurchaseInput } from "./purchase-input.ts";

/**
 * The answer of `process-subscription-payment` (spec §7). Amounts are decimal USDT strings
 * ("124.5"), since JSON cannot carry bigint.
 * - `required`: the recomputed total of the cart (on "prices changed" and "insufficient balance").
 * - `currentBalance`: the member's balance when the balance is short.
 * - `activeSubscriptions`: ids of the plans active for the member after the call.
 * - `newBalance`: the balance after a successful purchase.
 */
export type PurchaseResponse = {
  success: boolean;
  error?: string;
  required?: string;
  currentBalance?: string;
  activeSubscriptions?: number[];
  newBalance?: string;
};

export type PurchaseOptions = {
  db: Db;
  userId: string;
  planIds: readonly number[];
  billingPeriod: string;
  /** What the client showed and expects to pay, in micro-USDT. */
  totalAmount: bigint;
  /** Chosen by the client per checkout; a retry with the same key replays the stored answer. */
  idempotencyKey: string;
  now?: Date;
};

export const PAYMENT_TYPE_BALANCE = "USDT Balance";

/**
 * Buys one or more plans from the member's USDT balance (spec §7 process-subscription-payment,
 * DESIGN.md §4), all in ONE transaction:
 *  1. lock the member's profile row — every purchase of one member runs one after another, so
 *     the balance and active-plan checks below cannot race (50 concurrent clicks charge once);
 *  2. replay the stored answer when this idempotency key already succeeded;
 *  3. validate the input (AppError VALIDATION), load the published plans, recompute every
 *     price with the one pricing module and compare with the client's total;
 *  4. refuse plans already active and a short balance;
 *  5. write the subscriptions, one billing row, one ledger debit, the notification and the
 *     idempotency record.
 *
 * Refusals (unavailable plans, prices changed, already subscribed, insufficient balance) are
 * RETURNED as `{ success: false, error }` and are NOT stored under the idempotency key: they
 * change nothing, and the same checkout must succeed when retried after a deposit. Only
 * successes are stored, so a retried success never charges twice. Unexpected errors throw.
 *
 * A lost race that the database reports as a unique violation (a subscription or idempotency
 * row written meanwhile by a path that does not take the profile lock) reruns the whole
 * transaction, which then answers from the committed state instead of failing with a 500.
 */
export async function purchaseSubscriptions(options: PurchaseOptions): Promise<PurchaseResponse> {
  return withRetry(() => options.db.transaction((tx) => purchaseInTransaction(tx, options)));
}

async function purchaseInTransaction(tx: Tx, options: PurchaseOptions): Promise<PurchaseResponse> {
  const { userId, now = new Date() } = options;
  const [profile] = await tx
    .select({ balance: profiles.balance })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!profile) throw new AppError("NOT_FOUND", purchaseMessages.profileNotFound);

  if (typeof options.idempotencyKey === "string") {
    const [stored] = await tx
      .select({ response: purchaseRequests.response })
      .from(purchaseRequests)
      .where(and(eq(purchaseRequests.userId, userId), eq(purchaseRequests.idempotencyKey, options.idempotencyKey)));
    if (stored) return stored.response as PurchaseResponse;
  }

  const input = parsePurchaseInput(options);
  const period = input.billingPeriod;
  const active = await activePlanIds(tx, userId);

  const found = await tx
    .select({ id: pricing.id, name: pricing.name, price: pricing.price })
    .from(pricing)
    .where(and(inArray(pricing.id, input.planIds), eq(pricing.published, true)));
  if (found.length !== input.planIds.length) {
    return { success: false, error: purchaseMessages.unavailable, activeSubscriptions: active };
  }
  const byId = new Map(found.map((plan) => [plan.id, plan]));
  const plans = input.planIds.map((id) => byId.get(id)!);
  const total = plans.reduce((sum, plan) => sum + priceFor(plan.price, period), 0n);

  if (total !== input.totalAmount) {
    return {
      success: false,
      error: purchaseMessages.pricesChanged,
      required: microToDecimal(total),
      activeSubscriptions: active,
    };
  }
  const already = plans.filter((plan) => active.includes(plan.id));
  if (already.length > 0) {
    return {
      success: false,
      error: purchaseMessages.alreadySubscribed(already.map((plan) => plan.name)),
      activeSubscriptions: active,
    };
  }
  if (profile.balance < total) {
    return {
      success: false,
      error: purchaseMessages.insufficientBalance(total - profile.balance),
      required: microToDecimal(total),
      currentBalance: microToDecimal(profile.balance),
      activeSubscriptions: active,
    };
  }

  const newBalance = await chargeAndSubscribe(tx, { userId, period, plans, total, now, balance: profile.balance });
  const response: PurchaseResponse = {
    success: true,
    activeSubscriptions: [...active, ...input.planIds].sort((a, b) => a - b),
    newBalance: microToDecimal(newBalance),
  };
  await tx.insert(purchaseRequests).values({ userId, idempotencyKey: input.idempotencyKey, response });
  return response;
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
    .values({ userId, invoiceId, issueDate: now, totalAmount: total, paymentType: PAYMENT_TYPE_BALANCE, status: "paid", description })
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
