import type { PublicPlan } from "./content";
import type { BillingRow, DepositWallet, MemberSubscription } from "./member";
import type { OrderView } from "./member-order";

/** What the Telegram portal shows a Telegram account linked to a member. Money is micro-USDT. */
export type PortalMemberHome = {
  kind: "member";
  firstName: string;
  balance: string;
  subscriptions: MemberSubscription[];
  plans: PublicPlan[];
  /** The pending order (or one closed in the last day), with what is due. */
  order: OrderView | null;
  /** Paid purchases and renewals with a receipt, newest first. */
  receipts: BillingRow[];
  wallet: DepositWallet | null;
  /** Card payments (Stripe Checkout) are on. */
  cardPayments: boolean;
};

/** What the portal shows a Telegram account no member has verified yet. */
export type PortalStranger = {
  kind: "stranger";
  firstName: string;
  telegramUsername: string | null;
  /** The site's sign-up page (opened outside Telegram). */
  signUpUrl: string;
};

export type PortalHome = PortalMemberHome | PortalStranger;

/** The portal's confirm step before a purchase: one plan for one period. Money is micro-USDT. */
export type PortalBuy = {
  planId: number;
  planName: string;
  billingPeriod: "monthly" | "quarterly" | "lifetime";
  price: string;
  balance: string;
  /** One per showing of the step, so a double tap or a retry buys once. */
  idempotencyKey: string;
  /** The plan is already active: nothing to buy. */
  alreadyActive: boolean;
};
