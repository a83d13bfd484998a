import { inArray } from "drizzle-orm";
import { orderReference } from "~/lib/orders";
import { creditNoteOf } from "~/lib/priced-lines";
import type { MemberOrder } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { orders, pricing } from "../db/schema.ts";

type OrderRow = typeof orders.$inferSelect;

/** Orders as the member reads them, their plans named (one query for all of them). */
export async function toMemberOrders({ db, rows }: { db: DbOrTx; rows: OrderRow[] }): Promise<MemberOrder[]> {
  const ids = [...new Set(rows.flatMap((row) => row.planIds))];
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (await db.select({ id: pricing.id, name: pricing.name }).from(pricing).where(inArray(pricing.id, ids))).map(
            (plan) => [plan.id, plan.name],
          ),
        );
  return rows.map((row) => ({
    id: row.id,
    reference: orderReference(row.id),
    status: row.status,
    plans: row.planIds.map((id) => ({ id, name: names.get(id) ?? `Plan ${id}` })),
    billingPeriod: row.billingPeriod,
    total: row.totalAmount.toString(),
    takenOff:
      row.discountAmount === 0n && row.creditAmount === 0n
        ? null
        : {
            list: row.listAmount.toString(),
            discount: row.discountAmount.toString(),
            couponCode: row.couponCode,
            credit: row.creditAmount.toString(),
            creditNote: creditNoteOf(row.lines),
          },
    createdAt: row.createdAt.toISOString(),
    pricesHeldUntil: row.pricesHeldUntil.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    repriced: row.repricedAt !== null,
    problem: row.problem,
  }));
}
