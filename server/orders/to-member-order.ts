import { and, eq, inArray } from "drizzle-orm";
import type { CreditVia } from "~/lib/billing/money-messages";
import { orderReference } from "~/lib/orders";
import { creditNoteOf } from "~/lib/priced-lines";
import type { MemberOrder } from "~/lib/view-types/member-order";
import type { DbOrTx } from "../db/client.ts";
import { ledgerEntries, orders, pricing, subscriptions } from "../db/schema.ts";

type OrderRow = typeof orders.$inferSelect;

/** The way a credit came, by its ledger kind. */
const VIA: Partial<Record<string, CreditVia>> = { deposit: "deposit", card: "card", adjustment: "credit" };

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
  const paid = await paidFacts(db, rows);
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
    ...paid(row),
  }));
}

/**
 * What paid each paid order and how long its plans run: the credit it names (its ledger row) and
 * the active subscriptions to its plans. Two queries, only when a row was paid.
 */
async function paidFacts(db: DbOrTx, rows: OrderRow[]) {
  const paidRows = rows.filter((row) => row.status === "paid");
  const references = paidRows.flatMap((row) => (row.paidByReference ? [row.paidByReference] : []));
  const credits =
    references.length === 0
      ? []
      : await db
          .select({ reference: ledgerEntries.reference, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
          .from(ledgerEntries)
          .where(inArray(ledgerEntries.reference, references));
  const users = [...new Set(paidRows.map((row) => row.userId))];
  const active =
    users.length === 0
      ? []
      : await db
          .select({ userId: subscriptions.userId, planId: subscriptions.planId, until: subscriptions.nextBillingDate })
          .from(subscriptions)
          .where(and(inArray(subscriptions.userId, users), eq(subscriptions.status, "active")));
  return (row: OrderRow): Pick<MemberOrder, "paidBy" | "activeUntil"> => {
    if (row.status !== "paid") return { paidBy: null, activeUntil: null };
    const credit = credits.find((entry) => entry.reference === row.paidByReference);
    const via = credit ? VIA[credit.kind] : undefined;
    const dates = active
      .filter((sub) => sub.userId === row.userId && row.planIds.includes(sub.planId) && sub.until)
      .map((sub) => sub.until!.getTime());
    return {
      paidBy: credit && via ? { via, amount: credit.amount.toString() } : null,
      activeUntil: dates.length > 0 ? new Date(Math.min(...dates)).toISOString().slice(0, 10) : null,
    };
  };
}
