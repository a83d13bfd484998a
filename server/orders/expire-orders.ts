import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, profiles } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { completeCoveredOrder } from "./complete-covered-order.ts";

/**
 * The orders job, on every instance: pending orders past their time expire (nothing was
 * charged, so money already paid in simply stays as balance), and pending orders the balance
 * already covers are completed — the sweep behind the completion that runs right after each
 * credit, for a credit whose process stopped before it got there. Each completion locks its
 * member's rows, so instances sweeping together purchase an order once.
 */
export async function expireOrders(options: { db: Db; now?: Date; limit?: number }) {
  const { db } = options;
  const now = options.now ?? new Date();
  const expired = await db
    .update(orders)
    .set({ status: "expired", closedAt: now })
    .where(and(eq(orders.status, "pending"), lte(orders.expiresAt, now)))
    .returning({ id: orders.id });

  const covered = await db
    .select({ userId: orders.userId })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .where(
      and(
        eq(orders.status, "pending"),
        isNull(orders.repricedAt),
        isNull(orders.problem),
        gte(profiles.balance, sql`${orders.totalAmount}`),
      ),
    )
    .limit(options.limit ?? 100);
  let completed = 0;
  for (const { userId } of covered) {
    try {
      if ((await completeCoveredOrder({ db, userId, now })).status === "paid") completed++;
    } catch (error) {
      getLogger().error({ err: error, userId }, "orders: completing a covered order failed");
    }
  }
  return { expired: expired.length, completed };
}
