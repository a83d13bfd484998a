import { and, eq, inArray, min } from "drizzle-orm";
import type { PaidOrderSummary } from "~/lib/billing/money-messages";
import { formatUsdt } from "~/lib/money";
import { orderReference } from "~/lib/orders";
import { purchaseInTransaction } from "../billing/purchase-in-transaction.ts";
import type { PurchaseResult } from "../billing/purchase-subscriptions.ts";
import type { Db, Tx } from "../db/client.ts";
import { withRetry } from "../db/db-errors.ts";
import { orders, pricing, profiles, subscriptions } from "../db/schema.ts";
import { isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { foldCreditNotice } from "./fold-credit-notice.ts";
import { heldCart } from "./order-prices.ts";
import { repriceLapsedOrder } from "./reprice-order.ts";

export type CompleteOrderResult =
  | { status: "none" }
  | { status: "expired"; orderId: string }
  | { status: "not-covered"; orderId: string; due: bigint }
  | { status: "awaiting-acceptance"; orderId: string }
  | { status: "refused"; orderId: string; problem: string }
  | ({ status: "paid"; orderId: string; paid: PaidOrder } & PurchaseResult);

/**
 * What a paid order bought, for the message that says where the money went (amount micro-USDT;
 * `activeUntil` the ISO date its plans are paid up to, null for a lifetime plan).
 */
export type PaidOrder = PaidOrderSummary & { period: string; activeUntil: string | null };

/**
 * The credit a completion follows (a deposit, a card payment, a credit from our team), once its
 * own transaction committed: the ledger reference it was posted under, which the paid order
 * keeps (its page says what paid it), and its message, held while the order was open, which
 * the order's confirmation takes in (one message for one credit).
 */
export type CompletingCredit = { reference: string; notificationId: string | null };

/** The idempotency key of an order's purchase: one purchase per order, whoever completes it. */
export const orderPurchaseKey = (orderId: string) => `order:${orderId}`;

/**
 * Purchases the member's pending order when their balance covers it. Called after anything that
 * credits a balance has committed (a deposit, a card payment, an operator credit), when an order
 * is made, and by the orders job as a sweep; safe to call at any time: no pending order, or a
 * balance short of it, changes nothing.
 *
 * One transaction locks the member's profile row and then the order row (the purchase's own
 * lock order), so several instances and the deposit watcher completing at once run one after
 * another: the first purchases and marks the order paid, the others find no pending order. The
 * purchase is `purchaseInTransaction` with the key `order:<id>` (a replay never charges twice),
 * its refusals unchanged: a plan withdrawn or already active leaves the order pending with the
 * refusal as its `problem`, shown to the member. Held prices are charged as held; lapsed ones
 * are priced again first, and a different total waits for the member to accept it.
 * `paidFor` is the order a payment named (a card payment made for one): it goes into the log
 * beside the order completed, which is always the member's one pending order. `credit` is the
 * credit that was just posted, when one was (see CompletingCredit).
 */
export async function completeCoveredOrder(options: {
  db: Db;
  userId: string;
  paidFor?: string | null;
  credit?: CompletingCredit;
  now?: Date;
}): Promise<CompleteOrderResult> {
  const { db, userId, paidFor, credit } = options;
  const now = options.now ?? new Date();
  const result = await withRetry(() =>
    db.transaction(async (tx) => {
      const done = await completeInTransaction(tx, userId, now, credit?.reference ?? null);
      if (credit?.notificationId)
        await foldCreditNotice({
          tx,
          userId,
          notificationId: credit.notificationId,
          paidOrder: done.status === "paid" ? done.paid.reference : null,
          ...(done.status === "not-covered"
            ? { stillDue: { order: orderReference(done.orderId), due: formatUsdt(done.due) } }
            : {}),
        });
      return done;
    }),
  );
  if (result.status === "paid" || result.status === "refused")
    getLogger().info({ userId, ...summary(result), ...(paidFor ? { paidFor } : {}) }, `order ${result.status}`);
  return result;
}

function summary(result: CompleteOrderResult) {
  return result.status === "refused"
    ? { orderId: result.orderId, problem: result.problem }
    : { orderId: "orderId" in result ? result.orderId : undefined };
}

async function completeInTransaction(
  tx: Tx,
  userId: string,
  now: Date,
  paidBy: string | null,
): Promise<CompleteOrderResult> {
  const [profile] = await tx
    .select({ balance: profiles.balance })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!profile) return { status: "none" };
  const [pending] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending")))
    .for("update");
  if (!pending) return { status: "none" };

  if (pending.expiresAt <= now) {
    await tx.update(orders).set({ status: "expired", closedAt: now }).where(eq(orders.id, pending.id));
    return { status: "expired", orderId: pending.id };
  }
  const order = await repriceLapsedOrder({ tx, order: pending, now });
  if (order.repricedAt) return { status: "awaiting-acceptance", orderId: order.id };
  // An order without lines left is one whose plan was withdrawn before it could be priced again:
  // the purchase then prices it now and refuses it with its own text.
  const held = heldCart(order) ?? undefined;
  if (profile.balance < order.totalAmount)
    return { status: "not-covered", orderId: order.id, due: order.totalAmount - profile.balance };

  let purchase: PurchaseResult;
  try {
    purchase = await purchaseInTransaction({
      tx,
      userId,
      planIds: order.planIds,
      billingPeriod: order.billingPeriod,
      totalAmount: order.totalAmount,
      idempotencyKey: orderPurchaseKey(order.id),
      held,
      orderId: order.id,
      now,
    });
  } catch (error) {
    // The purchase refuses before writing anything, so the transaction goes on to record why.
    // A coupon code's refusal (used up by others meanwhile) is one of them: the member can take the code off.
    if (!isAppError(error) || !["CONFLICT", "PAYMENT_REQUIRED", "VALIDATION"].includes(error.code)) throw error;
    if (order.problem !== error.message)
      await tx.update(orders).set({ problem: error.message }).where(eq(orders.id, order.id));
    return { status: "refused", orderId: order.id, problem: error.message };
  }
  await tx
    .update(orders)
    .set({ status: "paid", closedAt: now, problem: null, paidByReference: paidBy })
    .where(eq(orders.id, order.id));
  const named = await tx
    .select({ id: pricing.id, name: pricing.name })
    .from(pricing)
    .where(inArray(pricing.id, order.planIds));
  const [bought] = await tx
    .select({ until: min(subscriptions.nextBillingDate) })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, "active"),
        inArray(subscriptions.planId, order.planIds),
      ),
    );
  const paid: PaidOrder = {
    reference: orderReference(order.id),
    total: order.totalAmount.toString(),
    plans: order.planIds.map((id) => named.find((plan) => plan.id === id)?.name ?? `Plan ${id}`),
    period: order.billingPeriod,
    activeUntil: bought?.until ? bought.until.toISOString().slice(0, 10) : null,
  };
  return { status: "paid", orderId: order.id, paid, ...purchase };
}
