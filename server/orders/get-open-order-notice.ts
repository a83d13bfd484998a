import { and, eq, gt } from "drizzle-orm";
import { orderReference, timeLeftText } from "~/lib/orders";
import type { OpenOrderNotice } from "~/lib/view-types/member-order";
import type { DbOrTx } from "../db/client.ts";
import { orders, profiles } from "../db/schema.ts";
import { toMemberOrders } from "./to-member-order.ts";

/**
 * The member's open order, for the reminder every dashboard page shows: null when there is none.
 * A member has at most one pending order (a new one cancels the one before), so this is that one,
 * unless its time is up: an order past its expiry is not offered for payment even before the
 * orders job has marked it expired. Paid, expired and cancelled orders are never shown.
 *
 * A read only: it takes no lock and settles nothing, so every page can ask (the order page itself
 * settles the order before it shows it).
 */
export async function getOpenOrderNotice(options: {
  db: DbOrTx;
  userId: string;
  now?: Date;
}): Promise<OpenOrderNotice | null> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ order: orders, balance: profiles.balance })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), gt(orders.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { order, balance } = row;
  const [named] = await toMemberOrders({ db, rows: [order] });
  const due = order.totalAmount > balance ? order.totalAmount - balance : 0n;
  return {
    id: order.id,
    reference: orderReference(order.id),
    plans: named!.plans.map((plan) => plan.name),
    billingPeriod: order.billingPeriod,
    total: order.totalAmount.toString(),
    due: due.toString(),
    expiresAt: order.expiresAt.toISOString(),
    timeLeft: timeLeftText(order.expiresAt.getTime() - now.getTime()),
    attention: order.repricedAt ? "new-total" : order.problem ? "cannot-complete" : null,
  };
}
