import { formatDate } from "../dates";
import { formatUsdt } from "../money";

/**
 * Every message about money (the dashboard's toasts, the emails, the bot) says the same three
 * things with the same sentences: what arrived or was taken, what it paid for, and what is left.
 * The sentences take display texts ("$200.00 USDT", "Dec 28, 2026"), so the server's messages,
 * which keep formatted amounts in their payloads, and the browser, which formats micro-USDT, say
 * them word for word alike.
 */

/** How money reached the balance: a USDT deposit, a card payment, or a credit from our team. */
export type CreditVia = "deposit" | "card" | "credit";

/** What arrived. `cardPaid` is what the card was charged ("$120.00 USD"), for a card payment. */
export function arrivedSentence(credit: { via: CreditVia; amount: string; cardPaid?: string }): string {
  if (credit.via === "card")
    return `Your card payment${credit.cardPaid ? ` of ${credit.cardPaid}` : ""} added ${credit.amount} to your balance.`;
  if (credit.via === "credit") return `Our team added ${credit.amount} to your balance.`;
  return `Your deposit of ${credit.amount} (TRC-20) arrived.`;
}

/**
 * What an order took and bought: its total, its plans and how long they are active (a lifetime
 * plan for life; `activeUntil` absent when not known).
 */
export function paidOrderSentence(order: {
  reference: string;
  plans: string;
  period?: string;
  total: string;
  activeUntil?: string | null;
}): string {
  return `It paid order ${order.reference}: ${order.plans}${order.period ? ` (${order.period})` : ""} for ${order.total}, ${activeFor(order)}.`;
}

/** "active until Dec 28, 2026", "active for life", or "now active" when the date is not known. */
export function activeFor(plan: { period?: string; activeUntil?: string | null }): string {
  if (plan.period === "lifetime") return "active for life";
  return plan.activeUntil ? `active until ${plan.activeUntil}` : "now active";
}

/** What is left on the balance after it all. */
export const leftSentence = (balance: string) => `Left on your balance: ${balance}.`;

/** An order a payment completed, as the dashboard names it (its total micro-USDT, `activeUntil` an ISO date or null). */
export type PaidOrderSummary = {
  reference: string;
  total: string;
  plans: string[];
  period?: string;
  activeUntil?: string | null;
};

/** The sentence naming an order a payment completed, from its summary (amounts micro-USDT). */
function paidSummarySentence(order: PaidOrderSummary): string {
  return paidOrderSentence({
    reference: order.reference,
    plans: order.plans.join(", "),
    period: order.period,
    total: usdt(order.total),
    activeUntil: order.activeUntil ? formatDate(order.activeUntil) : null,
  });
}

const usdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });

/**
 * The dashboard's toast after money reached the balance: what arrived, what it paid for (the
 * order, its total and the plans now active) and what is left. Amounts are micro-USDT strings.
 */
export function creditedText(credit: {
  amount: string;
  balance: string;
  paidOrder: PaidOrderSummary | null;
  via?: CreditVia;
  cardPaid?: string;
}): string {
  const arrived = arrivedSentence({
    via: credit.via ?? "deposit",
    amount: usdt(credit.amount),
    cardPaid: credit.cardPaid,
  });
  if (!credit.paidOrder) return `${arrived} Your balance is now ${usdt(credit.balance)}.`;
  return `${arrived} ${paidSummarySentence(credit.paidOrder)} ${leftSentence(usdt(credit.balance))}`;
}

/**
 * What a payment from the balance bought, as the server answers it: the total charged
 * (micro-USDT), the plans, the period and the day they are paid up to (ISO, null for life).
 */
export type BoughtSummary = { total: string; plans: string[]; period: string; activeUntil: string | null };

/**
 * What the balance paid for (display texts): "Your balance paid order ORD-…: VIP (monthly) for
 * $116.00 USDT, active until Dec 28, 2026." or, bought without an order, "You subscribed to …".
 */
export function balancePaidSentence(purchase: {
  order?: string;
  plans: string;
  period?: string;
  total: string;
  activeUntil?: string | null;
}): string {
  const what = `${purchase.plans}${purchase.period ? ` (${purchase.period})` : ""} for ${purchase.total}, ${activeFor(purchase)}`;
  return purchase.order ? `Your balance paid order ${purchase.order}: ${what}.` : `You subscribed to ${what}.`;
}

/** A payment's title: "Order ORD-1A2B3C4D paid: your subscription is active", or without an order "Your subscription is active". */
export const balancePaidTitle = (order?: string) =>
  order ? `Order ${order} paid: your subscription is active` : "Your subscription is active";

/**
 * The toast (and the portal's notice) after the member paid from their balance: what it paid for
 * and what is left, from the server's answer (amounts micro-USDT strings).
 */
export function balancePaidText(answer: {
  bought: Omit<PaidOrderSummary, "reference">;
  order?: string;
  balance: string;
}): string {
  const { bought } = answer;
  const paid = balancePaidSentence({
    order: answer.order,
    plans: bought.plans.join(", "),
    period: bought.period,
    total: usdt(bought.total),
    activeUntil: bought.activeUntil ? formatDate(bought.activeUntil) : null,
  });
  return `${paid} ${leftSentence(usdt(answer.balance))}`;
}

/**
 * The back office's toast after a credit or debit: what moved, the open order a credit paid (if
 * it did), and the member's balance now. Amounts are micro-USDT strings.
 */
export function balanceAdjustedText(answer: {
  direction: "credit" | "debit";
  applied: boolean;
  amount: string;
  balance: string;
  paidOrder?: PaidOrderSummary | null;
}): string {
  const now = `The balance is now ${usdt(answer.balance)}.`;
  if (!answer.applied) return `This change was already made; nothing more was ${answer.direction}ed. ${now}`;
  const moved = `${usdt(answer.amount)} ${answer.direction}ed.`;
  if (!answer.paidOrder) return `${moved} ${now}`;
  return `${moved} ${paidSummarySentence(answer.paidOrder)} ${now}`;
}

/** What an action that may complete the member's order answers (see balancePaidText). */
export type OrderPaidAnswer = { paid: false } | { paid: true; paidOrder: PaidOrderSummary; balance: string };
