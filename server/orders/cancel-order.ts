import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { orderMessages } from "./messages.ts";

/**
 * The member cancels their pending order. Nothing was charged for it, so nothing moves: money
 * already paid in stays as balance. Cancelling an order that is no longer pending (paid meanwhile,
 * expired, cancelled twice) is refused with CONFLICT and changes nothing.
 */
export async function cancelOrder(options: { db: Db; userId: string; orderId: string; now?: Date }) {
  const { db, userId, orderId } = options;
  const now = options.now ?? new Date();
  const cancelled = await db
    .update(orders)
    .set({ status: "cancelled", closedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  if (cancelled.length === 0) {
    const [exists] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    throw exists
      ? new AppError("CONFLICT", orderMessages.notPending)
      : new AppError("NOT_FOUND", orderMessages.notFound);
  }
  return { cancelled: true };
}
