import { count, desc, eq } from "drizzle-orm";
import { creditNoteOf } from "~/lib/priced-lines";
import type { MemberMoneyView } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { billingHistory, chainDeposits, ledgerEntries, profiles } from "../../db/schema.ts";
import { tronTransactionUrl } from "../../lib/tron-transaction-url.ts";

export const MEMBER_LEDGER_PAGE_SIZE = 25;
/** Deposits and invoices are few per member; the newest this many are shown, the ledger has them all. */
export const MEMBER_MONEY_LIST_LIMIT = 50;

/**
 * A member's money: the balance, one page of the whole ledger (newest first; a page past the end
 * shows the last), their deposits linked to the block explorer, and their billing history.
 * Null when the member has no profile.
 */
export async function getMemberMoney(options: {
  db: DbOrTx;
  memberId: string;
  ledgerPage: number;
}): Promise<MemberMoneyView | null> {
  const { db, memberId } = options;
  const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, memberId));
  if (!profile) return null;
  const [{ total }] = (await db
    .select({ total: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, memberId))) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / MEMBER_LEDGER_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.ledgerPage), pageCount);
  const [ledger, deposits, invoices] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, memberId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(MEMBER_LEDGER_PAGE_SIZE)
      .offset((page - 1) * MEMBER_LEDGER_PAGE_SIZE),
    db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.userId, memberId))
      .orderBy(desc(chainDeposits.blockTimestamp), desc(chainDeposits.id))
      .limit(MEMBER_MONEY_LIST_LIMIT),
    db
      .select({ bill: billingHistory, amount: ledgerEntries.amount })
      .from(billingHistory)
      .leftJoin(ledgerEntries, eq(ledgerEntries.reference, billingHistory.ledgerReference))
      .where(eq(billingHistory.userId, memberId))
      .orderBy(desc(billingHistory.issueDate), desc(billingHistory.id))
      .limit(MEMBER_MONEY_LIST_LIMIT),
  ]);
  return {
    balance: String(profile.balance),
    ledger: {
      rows: ledger.map((r) => ({
        id: String(r.id),
        kind: r.kind,
        amount: String(r.amount),
        reference: r.reference,
        memo: r.memo,
        createdAt: r.createdAt.toISOString(),
      })),
      page,
      pageCount,
      total,
    },
    deposits: deposits.map((d) => ({
      id: String(d.id),
      txId: d.txId,
      explorerUrl: tronTransactionUrl(d.txId),
      amount: String(d.amount),
      fromAddress: d.fromAddress,
      blockTimestamp: d.blockTimestamp.toISOString(),
    })),
    invoices: invoices.map(({ bill, amount }) => ({
      id: bill.id,
      invoiceId: bill.invoiceId,
      issueDate: bill.issueDate.toISOString(),
      totalAmount: String(bill.totalAmount),
      amount: amount === null ? null : String(amount),
      status: bill.status,
      description: bill.description,
      // An upgrade's credit for the unused days of the plan it replaced, named as the member's bill names it.
      creditAmount: String(bill.creditAmount),
      creditNote: bill.creditAmount > 0n ? (creditNoteOf(bill.lines) ?? "Credit for unused time") : null,
    })),
  };
}
