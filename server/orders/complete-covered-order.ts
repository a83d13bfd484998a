import { and, eq, inArray } from "drizzle-orm";
import { orderReference } from "~/lib/orders";
import { purchaseInTransaction, type PurchaseResult } from "../billing/purchase-subscriptions.ts";
import type { Db, Tx } from "../db/client.ts";
import { withRetry } from "../db/db-errors.ts";
import { orders, pricing, profiles } from "../db/schema.ts";
import { isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { heldCart } from "./order-prices.ts";
import { repriceLapsedOrder } from "./reprice-order.ts";

export type CompleteOrderResult =
  | { status: "none" }
  | { status: "expired"; orderId: string }
  | { status: "not-covered"; orderId: string; due: bigint }
  | { status: "awaiting-acceptance"; orderId: string }
  | { status: "refused"; orderId: string; problem: string }
  | ({ status: "paid"; orderId: string; paid: PaidOrder } & PurchaseResult);

/** What a paid order bought, for the message that says where the money went (amount micro-USDT). */
export type PaidOrder = { reference: string; total: string; plans: string[] };

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
 * beside the order completed, which is always the member's one pending order.
 */
export async function completeCoveredOrder(options: {
  db: Db;
  userId: string;
  paidFor?: string | null;
  now?: Date;
}): Promise<CompleteOrderResult> {
  const { db, userId, paidFor } = options;
  const now = options.now ?? new Date();
  const result = await withRetry(() => db.transaction((tx) => completeInTransaction(tx, userId, now)));
  if (result.status === "paid" || result.status === "refused")
    getLogger().info({ userId, ...summary(result), ...(paidFor ? { paidFor } : {}) }, `order ${result.status}`);
  return result;
}

function summary(result: CompleteOrderResult) {
  return result.status === "refused"
    ? { orderId: result.orderId, problem: result.problem }
    : { orderId: "orderId" in result ? result.orderId : undefined };
}

async function completeInTransaction(tx: Tx, userId: string, now: Date): Promise<CompleteOrderResult> {
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
  await tx.update(orders).set({ status: "paid", closedAt: now, problem: null }).where(eq(orders.id, order.id));
  const named = await tx
    .select({ id: pricing.id, name: pricing.name })
    .from(pricing)
    .where(inArray(pricing.id, order.planIds));
  const paid = {
    reference: orderReference(order.id),
    total: order.totalAmount.toString(),
    plans: order.planIds.map((id) => named.find((plan) => plan.id === id)?.name ?? `Plan ${id}`),
  };
  return { status: "paid", orderId: order.id, paid, ...purchase };
}
