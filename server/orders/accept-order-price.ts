import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { completeCoveredOrder, type CompleteOrderResult } from "./complete-covered-order.ts";
import { orderMessages } from "./messages.ts";

/**
 * The member accepts the total their order was priced at again after its hold lapsed: the new
 * total is held like a new order's, and the order completes at once if the balance covers it.
 * `total` is the figure the member was shown; if it moved again meanwhile nothing is accepted
 * (CONFLICT), so a price is never taken that the member did not see.
 */
export async function acceptOrderPrice(options: {
  db: Db;
  userId: string;
  orderId: string;
  total: bigint;
  now?: Date;
}): Promise<CompleteOrderResult> {
  const { db, userId, orderId, total } = options;
  const now = options.now ?? new Date();
  const accepted = await db
    .update(orders)
    .set({ repricedAt: null })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        eq(orders.status, "pending"),
        eq(orders.totalAmount, total),
        isNotNull(orders.repricedAt),
      ),
    )
    .returning({ id: orders.id });
  if (accepted.length === 0) throw new AppError("CONFLICT", orderMessages.priceMoved);
  return completeCoveredOrder({ db, userId, now });
}
