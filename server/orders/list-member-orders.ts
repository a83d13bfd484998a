import { desc, eq } from "drizzle-orm";
import type { MemberOrder } from "~/lib/view-types/member-order";
import type { DbOrTx } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { toMemberOrders } from "./to-member-order.ts";

/** A member's orders, newest first (billing history, the back office's member page). */
export async function listMemberOrders(options: {
  db: DbOrTx;
  userId: string;
  limit?: number;
}): Promise<MemberOrder[]> {
  const { db, userId } = options;
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit ?? 100);
  return toMemberOrders({ db, rows });
}
