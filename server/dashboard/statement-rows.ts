import { creditNoteOf } from "~/lib/priced-lines";
import type { BillingRow, PriceTakenOff, StatementKind } from "~/lib/view-types/member";

/** A statement row before its balance is known, with what orders it: its time, then its sequence. */
export type UnsettledRow = Omit<BillingRow, "balanceAfter"> & { at: Date; seq: bigint };

/**
 * The kind of a ledger entry as the member reads it. A card entry taking money back is the
 * card's refund (the card writes both directions under one ledger kind).
 */
export function ledgerStatementKind(kind: string, amount: bigint): StatementKind {
  if (kind === "card" && amount < 0n) return "refund";
  if (kind === "deposit" || kind === "purchase" || kind === "renewal" || kind === "card") return kind;
  if (kind === "refund") return "refund";
  // A reward for a member one referred, or its reversal when their payment was refunded.
  if (kind === "referral") return "referral";
  return "adjustment";
}

/**
 * The kind of a billing row that names no ledger entry (it moved no money: a failed renewal, a
 * complimentary plan, a purchase that totalled nothing), from what its writer put in it.
 */
export function billingStatementKind(row: {
  invoiceId: string;
  paymentType: string;
  description: string | null;
}): StatementKind {
  if (row.invoiceId.startsWith("DEP-") || row.invoiceId.startsWith("SIM-")) return "deposit";
  if (row.invoiceId.startsWith("CARD-")) return "card";
  if (row.invoiceId.startsWith("ADJ-")) return "adjustment";
  if (row.paymentType === "Complimentary") return "complimentary";
  if (row.paymentType === "Free trial") return "trial";
  if (row.description?.startsWith("Renewal:")) return "renewal";
  return "purchase";
}

/**
 * The statement, newest first: the rows in the order they happened (time, then ledger id), each
 * given the balance after it. Only ledger amounts move the running balance; a row that moved no
 * money (an unpaid order, a failed renewal) has none, as a figure beside it would read as what it
 * left. Starting from zero, the newest balance shown is the ledger's sum, the member's balance.
 */
export function settleStatement(rows: UnsettledRow[]): BillingRow[] {
  const ordered = [...rows].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0),
  );
  let balance = 0n;
  const settled = ordered.map(({ at: _at, seq: _seq, ...row }) => {
    if (row.amount === null) return { ...row, balanceAfter: null };
    balance += BigInt(row.amount);
    return { ...row, balanceAfter: balance.toString() };
  });
  return settled.reverse();
}

/** What a billing row says was taken off its list price, or null when nothing was (or it sold nothing). */
export function takenOffOf(bill: {
  listAmount: bigint | null;
  discountAmount: bigint;
  couponCode: string | null;
  creditAmount: bigint;
  lines?: readonly { creditNote?: string | null }[] | null;
}): PriceTakenOff | null {
  if (bill.listAmount === null || (bill.discountAmount === 0n && bill.creditAmount === 0n)) return null;
  return {
    list: bill.listAmount.toString(),
    discount: bill.discountAmount.toString(),
    couponCode: bill.couponCode,
    credit: bill.creditAmount.toString(),
    creditNote: creditNoteOf(bill.lines),
  };
}
