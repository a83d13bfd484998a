import { and, asc, eq, isNull } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { ORDER_PATH, orderReference } from "~/lib/orders";
import { receiptPath } from "~/lib/receipts";
import type { BillingRow, StatementKind } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { billingHistory, ledgerEntries } from "../db/schema.ts";
import { tronTransactionUrl } from "../lib/tron-transaction-url.ts";
import { listMemberOrders } from "../orders/list-member-orders.ts";
import {
  billingStatementKind,
  ledgerStatementKind,
  settleStatement,
  takenOffOf,
  type UnsettledRow,
} from "./statement-rows.ts";

// Rows that moved no money sort after the ledger's entries of the same instant.
const AFTER_LEDGER = 1n << 62n;

// What a ledger entry without a billing row of its own is called, by its statement kind.
const LEDGER_ONLY: Partial<Record<string, { paymentType: string; description: string }>> = {
  refund: { paymentType: "Card", description: "Card refund" },
  adjustment: { paymentType: "Balance adjustment", description: "Balance adjustment" },
  card: { paymentType: "Card", description: "Card payment" },
  deposit: { paymentType: "USDT TRC-20", description: "Deposit" },
  referral: { paymentType: "Referral", description: "Referral reward" },
};

/**
 * The member's billing history as a statement, newest first. Money comes from the ledger: every
 * ledger entry is one row with its signed amount and the balance after it, described by the
 * billing row written with it (its invoice, a deposit's transaction linked to the TRON explorer,
 * the order a purchase completed). Billing rows that moved no money (a failed renewal, a
 * complimentary plan) and orders that were not paid (pending, expired, cancelled) are rows too;
 * a paid order is its purchase's row, not one of its own. The open order's row leads to its page to
 * be paid; one whose time is up reads expired even before the orders job has marked it so.
 */
export async function listBillingHistory(options: { db: DbOrTx; userId: string; now?: Date }): Promise<BillingRow[]> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const [entries, unlinked, orders] = await Promise.all([
    db
      .select({ ledger: ledgerEntries, bill: billingHistory })
      .from(ledgerEntries)
      .leftJoin(
        billingHistory,
        and(eq(billingHistory.ledgerReference, ledgerEntries.reference), eq(billingHistory.userId, userId)),
      )
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    db
      .select()
      .from(billingHistory)
      .where(and(eq(billingHistory.userId, userId), isNull(billingHistory.ledgerReference))),
    listMemberOrders({ db, userId }),
  ]);
  const byId = new Map(orders.map((order) => [order.id, order]));
  const folded = new Set<string>();

  const rows: UnsettledRow[] = entries.map(({ ledger, bill }) => {
    const kind = ledgerStatementKind(ledger.kind, ledger.amount);
    const order = bill?.orderId ? byId.get(bill.orderId) : undefined;
    if (order) folded.add(order.id);
    const fallback = LEDGER_ONLY[kind] ?? { paymentType: "USDT Balance", description: null };
    return {
      id: `ledger:${ledger.id}`,
      invoiceId: bill?.invoiceId ?? null,
      issueDate: ledger.createdAt.toISOString(),
      kind,
      totalAmount: (ledger.amount < 0n ? -ledger.amount : ledger.amount).toString(),
      amount: ledger.amount.toString(),
      paymentType: bill?.paymentType ?? fallback.paymentType,
      status: bill?.status ?? "paid",
      description: bill?.description ?? fallback.description,
      transaction: bill?.txHash ? { hash: bill.txHash, url: tronTransactionUrl(bill.txHash) } : null,
      order: order ? { reference: orderReference(order.id) } : null,
      receiptPath: bill && hasReceipt(kind, bill.status) ? receiptPath(bill.invoiceId) : null,
      payPath: null,
      takenOff: bill ? takenOffOf(bill) : null,
      at: ledger.createdAt,
      seq: ledger.id,
    };
  });
  for (const bill of unlinked) {
    const kind = billingStatementKind(bill);
    rows.push({
      id: bill.id,
      invoiceId: bill.invoiceId,
      issueDate: bill.issueDate.toISOString(),
      kind,
      totalAmount: bill.totalAmount.toString(),
      amount: null,
      paymentType: bill.paymentType,
      status: bill.status,
      description: bill.description,
      transaction: bill.txHash ? { hash: bill.txHash, url: tronTransactionUrl(bill.txHash) } : null,
      order: null,
      receiptPath: hasReceipt(kind, bill.status) ? receiptPath(bill.invoiceId) : null,
      payPath: null,
      takenOff: takenOffOf(bill),
      at: bill.issueDate,
      seq: AFTER_LEDGER,
    });
  }
  for (const order of orders) {
    if (folded.has(order.id)) continue;
    const lapsed = order.status === "pending" && new Date(order.expiresAt) <= now;
    const status = lapsed ? "expired" : order.status;
    rows.push({
      id: order.id,
      invoiceId: orderReference(order.id),
      issueDate: order.createdAt,
      kind: "order",
      totalAmount: order.total,
      amount: null,
      paymentType: "Order",
      status,
      description: `${order.plans.map((plan) => plan.name).join(", ")} (${order.billingPeriod}), ${formatUsdt(BigInt(order.total), { suffix: true })}`,
      transaction: null,
      order: null,
      receiptPath: null,
      payPath: status === "pending" ? ORDER_PATH : null,
      takenOff: order.takenOff,
      at: new Date(order.createdAt),
      seq: AFTER_LEDGER,
    });
  }
  return settleStatement(rows);
}

/** Paid purchases and renewals have a receipt (a complimentary plan too: its email links one). */
function hasReceipt(kind: StatementKind, status: string): boolean {
  return status === "paid" && (kind === "purchase" || kind === "renewal" || kind === "complimentary");
}
