import { desc, eq } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import type { BillingRow } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { billingHistory } from "../db/schema.ts";
import { tronTransactionUrl } from "../lib/tron-transaction-url.ts";
import { listMemberOrders } from "../orders/list-member-orders.ts";

/**
 * The member's billing history, newest first: their invoices and deposits (a deposit's hash
 * linked to the TRON explorer) and their orders, each order a row of its own saying whether it
 * is pending, paid, expired or cancelled (a paid order's charge is its own invoice row as well).
 */
export async function listBillingHistory(options: { db: DbOrTx; userId: string }): Promise<BillingRow[]> {
  const { db, userId } = options;
  const rows = await db
    .select({
      id: billingHistory.id,
      invoiceId: billingHistory.invoiceId,
      issueDate: billingHistory.issueDate,
      totalAmount: billingHistory.totalAmount,
      paymentType: billingHistory.paymentType,
      status: billingHistory.status,
      description: billingHistory.description,
      txHash: billingHistory.txHash,
    })
    .from(billingHistory)
    .where(eq(billingHistory.userId, userId))
    .orderBy(desc(billingHistory.issueDate), desc(billingHistory.invoiceId));
  const invoices: BillingRow[] = rows.map(({ txHash, ...row }) => ({
    ...row,
    issueDate: row.issueDate.toISOString(),
    totalAmount: row.totalAmount.toString(),
    transaction: txHash ? { hash: txHash, url: tronTransactionUrl(txHash) } : null,
  }));
  const orders: BillingRow[] = (await listMemberOrders({ db, userId })).map((order) => ({
    id: order.id,
    invoiceId: order.reference,
    issueDate: order.createdAt,
    totalAmount: order.total,
    paymentType: "Order",
    status: order.status,
    description: `${order.plans.map((plan) => plan.name).join(", ")} (${order.billingPeriod}), ${formatUsdt(BigInt(order.total), { suffix: true })}`,
    transaction: null,
  }));
  // ISO timestamps sort as text; the stable sort keeps each list's own order for equal times.
  return [...invoices, ...orders].sort((a, b) => (a.issueDate < b.issueDate ? 1 : a.issueDate > b.issueDate ? -1 : 0));
}
