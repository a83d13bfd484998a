import type { PendingChange } from "../billing/complimentary-cover";
import type { PlanSwitching } from "../billing/plan-switch";
import type { KeptCart } from "../cart";
import type { BillingPeriod } from "../pricing";
import type { PublicPlan } from "./content";

/**
 * What the member dashboard receives from the member queries (server/dashboard/*): the one
 * definition both the loader and the components use. Money as integer micro-USDT strings
 * (JSON has no bigint), dates as ISO strings.
 */

/** What the dashboard shows of the signed-in member. */
export type MemberProfile = {
  firstName: string;
  lastName: string;
  email: string;
  /** The address was confirmed from its inbox; until then the dashboard shows a banner. */
  emailVerified: boolean;
  /** Stored without the leading "@". */
  telegramUsername: string | null;
  telegramVerified: boolean;
  /** Micro-USDT. */
  balance: string;
  walletAddress: string | null;
  /** The verification code still waiting for the bot, shown again after a reload until it expires. */
  pendingCode: { code: string; expiresAt: string } | null;
  /** Sign-in asks for a code from the authenticator app. */
  twoFactorEnabled: boolean;
  /** The bot the member sends their code to (its username, no "@"); null when this site runs without one. */
  telegramBot: string | null;
};

/** A QR code as data for an inline SVG. */
export type QrImage = {
  /** Width and height in modules, margin included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /** One SVG path of every dark module (horizontal runs merged), already offset by the margin. */
  path: string;
};

/** The deposit dialog's address and its QR code. */
export type DepositWallet = { address: string; qr: QrImage };

export type MemberSubscription = {
  id: string;
  planId: number;
  planName: string;
  status: "active" | "expired" | "cancelled";
  billingPeriod: BillingPeriod;
  startDate: string;
  /** "Ends On"; null for lifetime (shown as ∞). */
  nextBillingDate: string | null;
  autorenew: boolean;
  /** Granted by staff: nothing was paid and nothing renews it. */
  complimentary: boolean;
  /** On a free trial: `nextBillingDate` is when it ends (and converts if the balance covers it). */
  trial: boolean;
  /** Began as a free trial that its first charge converted, then (ISO); null otherwise. */
  trialConvertedAt: string | null;
  /** A smaller plan or shorter period the member chose for the next renewal; null: none. */
  scheduled: { planId: number; planName: string; billingPeriod: BillingPeriod } | null;
  /**
   * A paid plan whose next renewal charges nothing because a complimentary plan of the member's
   * includes it: the gift's name and its end (ISO; null: never), until which it is not charged.
   */
  coveredBy: { gift: string; until: string | null } | null;
  /** A scheduled change the next renewal settles uncharged (the plan held not covered itself); null: none. */
  pendingChange: PendingChange | null;
};

/** A plan's free trial as the member's trial page offers it (server/billing/get-trial-offer.ts). */
export type TrialOffer = {
  planId: number;
  plan: string;
  days: number;
  /** When a trial started now would end (ISO). */
  endsAt: string;
  /** What it costs afterwards, in words ("$49.00 USDT a month"). */
  price: string;
  /** Why this member cannot start it; null: they can. */
  refusal: string | null;
  /** The refusal is an unverified email: the page offers to send the link again. */
  needsEmail: boolean;
  /** The refusal is that an active plan of the member already includes this one ("Already included in …"). */
  included?: boolean;
};

/**
 * What a billing-history row is: a ledger kind (a card debit is a refund), a complimentary plan
 * (nothing paid), or an order that moved no money (pending, expired or cancelled).
 */
export type StatementKind =
  | "deposit"
  | "purchase"
  | "renewal"
  | "card"
  | "adjustment"
  | "refund"
  | "complimentary"
  | "trial"
  | "order"
  | "referral";

/** One row of the member's statement. Money is micro-USDT. */
export type BillingRow = {
  id: string;
  /** The invoice, deposit or order reference; null for a ledger entry without one (a card refund, a debit). */
  invoiceId: string | null;
  issueDate: string;
  kind: StatementKind;
  /** What the row is for, unsigned (an order's or a failed renewal's total too). */
  totalAmount: string;
  /** What it did to the balance, signed (credit +, debit −); null when it moved no money. */
  amount: string | null;
  /** The balance once this row (and every one before it) had happened; null when it moved no money. */
  balanceAfter: string | null;
  paymentType: string;
  /** Invoices are paid, pending or failed; an order's row says where the order is. */
  status: "paid" | "pending" | "failed" | "expired" | "cancelled";
  description: string | null;
  /** A deposit's transaction on the TRON explorer (TRON_EXPLORER_URL), with its hash. */
  transaction: { hash: string; url: string } | null;
  /** The order a purchase completed: one row for both. */
  order: { reference: string } | null;
  /** A paid purchase's or renewal's receipt page (a path); null for everything else. */
  receiptPath: string | null;
  /** The open order's page, where it is paid (a path); null for every other row. */
  payPath: string | null;
  /** What was taken off a purchase's or renewal's list price; null when it was charged in full. */
  takenOff: PriceTakenOff | null;
};

/** A purchase's or renewal's list price and what came off it (micro-USDT strings): list − discount − credit was charged. */
export type PriceTakenOff = {
  list: string;
  discount: string;
  couponCode: string | null;
  credit: string;
  /** What the credit was for ("Credit for unused 21 days of VIP Signals"), when the lines say. */
  creditNote?: string | null;
};

/** A paid purchase's or renewal's receipt, as the member prints it. Money is micro-USDT. */
export type ReceiptView = {
  invoiceId: string;
  kind: "purchase" | "renewal" | "complimentary";
  issueDate: string;
  member: { name: string; email: string };
  /** The plans' names; an invoice written before they were stored lists its description instead. */
  plans: string[];
  billingPeriod: BillingPeriod | null;
  /** The dates the charge pays for; `until` null for lifetime (or unknown on old invoices). */
  period: { from: string; until: string | null } | null;
  /** What was charged: the list price less what was taken off. */
  amount: string;
  /** The list price and what came off it; null when the list price was charged in full. */
  takenOff: PriceTakenOff | null;
  method: string;
  /** The order this purchase completed, by its reference. */
  orderReference: string | null;
};

/** `content` is sanitized HTML, safe to render as is. */
export type KnowledgebaseArticle = { id: number; title: string; content: string };

/** A dashboard section's data, or the section's message when it failed to load. */
export type SectionData<T> = T | { error: string };

/**
 * `cart`: the one kept with the account (null when the member never had one), with its code;
 * `switching`: the
 * member's active plans with their unused part's worth, and how each plan relates to them
 * (included in one, or an upgrade of some), so the cart says so before checkout.
 */
export type SubscriptionsData = SectionData<{
  plans: PublicPlan[];
  subscriptions: MemberSubscription[];
  cart: KeptCart | null;
  switching: PlanSwitching;
  /** For each plan, the plans whose chats include all of its own (a cart holding both pays twice). */
  inside: Record<number, number[]>;
}>;
export type BillingData = SectionData<{ rows: BillingRow[] }>;
/** Welcome: the member's active plans, to say what they have and what comes next. */
export type WelcomeData = SectionData<{ active: MemberSubscription[] }>;
export type KnowledgebaseData = SectionData<{ articles: KnowledgebaseArticle[] }>;

/** One member who signed up through the member's link. Money is micro-USDT. */
export type MemberReferral = {
  /** First name and the last name's initial: enough to recognise a friend, no more. */
  name: string;
  signedUpAt: string;
  /** Why it earns nothing ("self", "telegram", "email"), or null. */
  refusal: "self" | "telegram" | "email" | null;
  /** The first payment's reward: null before it (or when the rule was off then, with `decided`). */
  reward: string | null;
  decided: boolean;
  /** What refunds took back of the reward. */
  reversed: string;
};

/**
 * The Referrals section: the member's link and its QR code, how many visits it brought in the
 * last 30 days, the rule in force in words, who signed up and what each earned.
 */
export type ReferralsData = SectionData<{
  link: string;
  qr: QrImage;
  visits: number;
  rule: string;
  earned: string;
  referrals: MemberReferral[];
}>;
