import type { CreditVia } from "../billing/money-messages";
import type { BillingPeriod } from "../pricing";
import type { DepositWallet, PriceTakenOff, SectionData } from "./member";

/**
 * A member's orders as the dashboard and the portal show them: the one definition the order
 * queries (server/orders/*) and the components share. Money as micro-USDT strings, dates as ISO
 * strings.
 */

export type OrderData = SectionData<{ view: OrderView | null }>;

export type OrderStatus = "pending" | "paid" | "expired" | "cancelled";

/** An order as the member sees it (the dashboard's order view, billing history). Money is micro-USDT. */
export type MemberOrder = {
  id: string;
  /** Short reference shown to the member, e.g. "ORD-1A2B3C4D". */
  reference: string;
  status: OrderStatus;
  plans: { id: number; name: string }[];
  billingPeriod: BillingPeriod;
  /** What will be charged (or was): the list price less what was taken off. */
  total: string;
  /** The list price and what comes off it (a coupon code's discount, a credit); null when nothing does. */
  takenOff: PriceTakenOff | null;
  createdAt: string;
  pricesHeldUntil: string;
  expiresAt: string;
  closedAt: string | null;
  /** The prices lapsed and were priced again at a different total: nothing is charged until the member accepts it. */
  repriced: boolean;
  /** Why the covered order could not be purchased (a plan withdrawn or already active). */
  problem: string | null;
  /**
   * What arrived and paid the order, when a credit's arrival did (a deposit, a card payment, a
   * credit from our team): the way it came and its amount (micro-USDT); null otherwise.
   */
  paidBy: { via: CreditVia; amount: string } | null;
  /** Once paid, the ISO date its plans are paid up to (null for a lifetime plan, or while unpaid). */
  activeUntil: string | null;
};

/**
 * The member's open order as every dashboard page reminds them of it (the header, Welcome,
 * Subscriptions, billing history): what is due, how long it stays open, where to pay it.
 * Money is micro-USDT.
 */
export type OpenOrderNotice = {
  id: string;
  reference: string;
  plans: string[];
  billingPeriod: BillingPeriod;
  total: string;
  /** total − balance, never below zero: zero when the balance covers it but the member must act first. */
  due: string;
  expiresAt: string;
  /** How long it stays open, in words ("6 days"), as of the page's load; the page counts down from `expiresAt` while it stays open. */
  timeLeft: string;
  /** What the member must do before it can be paid: accept a new total, or cancel an order that cannot complete. */
  attention: "new-total" | "cannot-complete" | null;
};

/** The dashboard's order view: the member's pending order (or the one just closed) with what is still due. */
export type OrderView = {
  order: MemberOrder;
  balance: string;
  /** total − balance, never below zero. */
  due: string;
  wallet: DepositWallet | null;
};
