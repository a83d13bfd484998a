import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { orders } from "../db/schema.ts";

/**
 * The member's unpaid order (not lapsed) that holds the trial's plan, or null: it could no longer
 * be paid once the trial runs ("Already subscribed"). An order past its expiry is left out on
 * purpose: no credit can pay it any more (completeCoveredOrder expires a lapsed order before it
 * charges anything, at the same instant this reads as lapsed), so it is no obstacle to the trial
 * and the money sent for it stays as balance. `alone`: the plan is all it holds, so the
 * trial may take its place; otherwise the member settles it first. `lock`: the order's row is
 * locked for the caller's transaction (the start), as an order's completion locks it.
 */
export async function findTrialOrder(options: {
  db: DbOrTx;
  userId: string;
  planId: number;
  now: Date;
  lock?: boolean;
}): Promise<{ id: string; alone: boolean } | null> {
  const { db, userId, planId, now } = options;
  const query = db
    .select({ id: orders.id, planIds: orders.planIds })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), gt(orders.expiresAt, now)));
  const [open] = options.lock ? await query.for("update") : await query;
  if (!open?.planIds.includes(planId)) return null;
  return { id: open.id, alone: open.planIds.every((id) => id === planId) };
}
