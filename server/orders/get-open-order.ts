import { and, desc, eq, gte, ne } from "drizzle-orm";
import type { MemberOrder } from "~/lib/view-types/member-order";
import type { Db } from "../db/client.ts";
import { orders, profiles } from "../db/schema.ts";
import { completeCoveredOrder } from "./complete-covered-order.ts";
import { toMemberOrders } from "./to-member-order.ts";

/** A closed order stays on the order view this long, so the member sees it paid (or expired). */
const RECENTLY_CLOSED_MS = 24 * 60 * 60 * 1000;

/**
 * The member's order for the dashboard: the pending one, else the one closed in the last day
 * (so the page that was waiting shows it paid), else null; with the balance and what is still
 * due. The order is settled first (expired, priced again when its hold lapsed, purchased when
 * covered), so the view never shows a total that would not be charged.
 */
export async function getOpenOrder(options: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<{ order: MemberOrder; balance: string; due: string } | null> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  await completeCoveredOrder({ db, userId, now });
  const [pending] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
  const [closed] = pending
    ? []
    : await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            ne(orders.status, "cancelled"),
            gte(orders.closedAt, new Date(now.getTime() - RECENTLY_CLOSED_MS)),
          ),
        )
        .orderBy(desc(orders.closedAt))
        .limit(1);
  const chosen = pending ?? closed;
  if (!chosen) return null;
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
  const balance = profile?.balance ?? 0n;
  const due = chosen.status === "pending" && chosen.totalAmount > balance ? chosen.totalAmount - balance : 0n;
  const [order] = await toMemberOrders({ db, rows: [chosen] });
  return { order: order!, balance: balance.toString(), due: due.toString() };
}
