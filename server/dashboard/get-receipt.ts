import { and, eq } from "drizzle-orm";
import { orderReference } from "~/lib/orders";
import type { ReceiptView } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { billingHistory, profiles, user } from "../db/schema.ts";
import { billingStatementKind, takenOffOf } from "./statement-rows.ts";

/**
 * The receipt of one of the member's own paid purchases or renewals (a complimentary plan's too:
 * its email links it), or null: an invoice of another member is answered exactly like one that
 * does not exist, so invoice ids cannot be probed.
 */
export async function getReceipt(options: {
  db: DbOrTx;
  userId: string;
  invoiceId: string;
}): Promise<ReceiptView | null> {
  const { db, userId, invoiceId } = options;
  const [row] = await db
    .select({ bill: billingHistory, firstName: profiles.firstName, lastName: profiles.lastName, email: user.email })
    .from(billingHistory)
    .innerJoin(profiles, eq(profiles.id, billingHistory.userId))
    .innerJoin(user, eq(user.id, billingHistory.userId))
    .where(
      and(
        eq(billingHistory.invoiceId, invoiceId),
        eq(billingHistory.userId, userId),
        eq(billingHistory.status, "paid"),
      ),
    );
  if (!row) return null;
  const { bill } = row;
  const kind = billingStatementKind(bill);
  if (kind !== "purchase" && kind !== "renewal" && kind !== "complimentary") return null;
  return {
    invoiceId: bill.invoiceId,
    kind,
    issueDate: bill.issueDate.toISOString(),
    member: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
    plans: bill.planNames ?? (bill.description ? [bill.description] : []),
    billingPeriod: bill.billingPeriod,
    period: bill.periodStart
      ? { from: bill.periodStart.toISOString(), until: bill.periodEnd?.toISOString() ?? null }
      : null,
    amount: bill.totalAmount.toString(),
    takenOff: takenOffOf(bill),
    method: bill.paymentType,
    orderReference: bill.orderId ? orderReference(bill.orderId) : null,
  };
}
