import { formatUsdt } from "../money";

/** An order a payment completed, as a message names it (its total micro-USDT). */
export type PaidOrderSummary = { reference: string; total: string; plans: string[] };

const usdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });

/**
 * What a payment into the balance did, in one sentence each: what arrived, what it paid for (the
 * order, its total and the plans now active) and what is left. Amounts are micro-USDT strings.
 */
export function creditedText(credit: { amount: string; balance: string; paidOrder: PaidOrderSummary | null }): string {
  const arrived = `${usdt(credit.amount)} arrived.`;
  if (!credit.paidOrder) return `${arrived} Your balance is now ${usdt(credit.balance)}.`;
  const { reference, total, plans } = credit.paidOrder;
  const active = plans.length === 1 ? `${plans[0]} is now active` : `${plans.join(", ")} are now active`;
  return `${arrived} It paid order ${reference} (${usdt(total)}): ${active}. Left on your balance: ${usdt(credit.balance)}.`;
}
