import {
  arrivedSentence,
  balancePaidSentence,
  balancePaidTitle,
  leftSentence,
  paidOrderSentence,
  type CreditVia,
} from "./money-messages";

/**
 * The money sentences of a member's message (email and bot alike), from its payload: display
 * texts written when it was queued, any key possibly missing on old rows. Balances are kept
 * without the currency ("$84.00"), charged amounts with it ("$116.00 USDT").
 */
type Payload = Record<string, string | undefined>;

/** The kind of the credit's own message that a paid order's confirmation took in, as the way it came. */
const VIA: Record<string, CreditVia> = {
  deposit_credited: "deposit",
  card_payment_credited: "card",
  balance_credited: "credit",
};

/** How a credit's message begins its subject, by the way the money came. */
const RECEIVED: Record<CreditVia, string> = {
  deposit: "Deposit received",
  card: "Card payment received",
  credit: "Balance credited",
};

/** The title of a message about a credit that paid an order: "Deposit received: order ORD-1A2B3C4D paid". */
export const paidOrderTitle = (via: CreditVia, order: string) => `${RECEIVED[via]}: order ${order} paid`;

/** What arrived, as the credit's message says it (amount without the currency). */
export function arrivedLine(via: CreditVia, p: Payload): string {
  return arrivedSentence({ via, amount: `${p.amount ?? p.arrived ?? "Your payment"} USDT`, cardPaid: p.paid });
}

/** "Left on your balance: $84.00 USDT.", when the payload has it. */
export const leftLines = (p: Payload) => (p.balance ? [leftSentence(`${p.balance} USDT`)] : []);

/** A credit that paid nothing: the balance it left, and the open order it went toward with what that still needs. */
export function creditedLines(p: Payload): string[] {
  return [
    ...(p.balance ? [`Your balance is now ${p.balance} USDT.`] : []),
    ...(p.order && p.due
      ? [`Order ${p.order} still needs ${p.due} USDT: it is paid as soon as your balance covers it.`]
      : []),
  ];
}

/**
 * A purchase's confirmation: `credit` when it took in the message of the credit that paid it
 * (what arrived comes first, then what it paid), else what the balance paid.
 */
export function purchaseNotice(p: Payload): {
  credit: CreditVia | null;
  subject: string;
  heading: string;
  lines: string[];
} {
  const credit = (p.via && VIA[p.via]) || null;
  const plans = p.plans ?? "your plan";
  const total = p.amount ?? "the amount shown in your billing history";
  const order = p.order;
  if (credit && order) {
    return {
      credit,
      subject: paidOrderTitle(credit, order),
      heading: `${p.arrived ? `${p.arrived} USDT` : "Your payment"} arrived and paid order ${order}`,
      lines: [
        arrivedSentence({ via: credit, amount: `${p.arrived ?? "Your payment"} USDT`, cardPaid: p.cardPaid }),
        paidOrderSentence({ reference: order, plans, period: p.period, total, activeUntil: p.activeUntil }),
      ],
    };
  }
  return {
    credit: null,
    subject: balancePaidTitle(order),
    heading: order ? `Order ${order} is paid — your subscription is active` : "Thank you — your subscription is active",
    lines: [balancePaidSentence({ order, plans, period: p.period, total, activeUntil: p.activeUntil })],
  };
}

/** A renewal the balance did not cover: nothing was taken, and by how much it fell short. */
export function renewalShortLines(p: Payload): string[] {
  if (!p.balance) return [];
  return [
    `Nothing was taken: your balance is ${p.balance} USDT${p.shortfall ? `, ${p.shortfall} USDT short of the renewal` : ""}.`,
  ];
}

/**
 * A card refund: what went back to the card, what it took from the balance, what of it the
 * balance could not give back (already spent on plans), and what is left.
 */
export function cardRefundNotice(p: Payload): { title: string; lines: string[] } {
  return {
    title: "Card refund",
    lines: [
      `${p.refunded ?? "A payment"} was refunded to your card.`,
      ...(p.taken ? [`${p.taken} USDT was taken back from your balance for it.`] : []),
      ...(p.unrecovered
        ? [`${p.unrecovered} USDT of it had already paid for plans; our team will contact you about it.`]
        : []),
      ...(p.balance ? [leftSentence(`${p.balance} USDT`)] : []),
    ],
  };
}

/** A debit by our team (a correction): what was taken, why, and what is left. */
export function debitedNotice(p: Payload): { title: string; lines: string[] } {
  return {
    title: "Balance debited",
    lines: [
      `Our team took ${p.amount ?? "an amount"} USDT from your balance${p.reason ? `: ${p.reason}` : ""}.`,
      ...(p.balance ? [leftSentence(`${p.balance} USDT`)] : []),
      "Your billing history lists it; contact support if it looks wrong.",
    ],
  };
}

/** A referral reward: who it came from (as the dashboard's Referrals list names them), what it added, the balance now. */
export function referralRewardNotice(p: Payload): { title: string; lines: string[] } {
  return {
    title: "Referral reward",
    lines: [
      `${p.referred ?? "A member you referred"} signed up through your link and made their first payment: ${p.amount ? `your reward of ${p.amount} USDT` : "your referral reward"} was added to your balance.`,
      ...creditedLines({ balance: p.balance }),
    ],
  };
}

/** A referral reward taken back because the payment that earned it was refunded: what was taken, what is left. */
export function referralReversalNotice(p: Payload): { title: string; lines: string[] } {
  return {
    title: "Referral reward taken back",
    lines: [
      `The first payment of ${p.referred ?? "a member you referred"}, which earned you a referral reward, was refunded, so ${p.amount ? `${p.amount} USDT` : "part"} of that reward was taken back from your balance.`,
      ...leftLines(p),
    ],
  };
}
