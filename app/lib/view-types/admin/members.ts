import type { PendingChange } from "../../billing/complimentary-cover";
import type { MemberListQuery } from "../../validation/admin/members";

/*
 * What the member pages show. Money as integer micro-USDT strings, dates as ISO strings, as
 * everywhere. The list (/admin/members) and the member page (/admin/members/:memberId) each keep
 * their own block below.
 */

// ---- The member list (/admin/members) ----

/** One row of the member list. */
export type MemberListRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  telegramUsername: string | null;
  telegramVerified: boolean;
  telegramUserId: string | null;
  balance: string;
  /** The names of the plans with an active subscription, by name. */
  activePlans: string[];
  joinedAt: string;
  banned: boolean;
  /** The member deleted their account: names and address erased, its money kept in the books. */
  deleted: boolean;
  /** The staff role when the account is also staff (owner, admin, editor, support), else null. */
  staffRole: string | null;
};

export type MemberListPage = {
  rows: MemberListRow[];
  /** How many members match: exact, or PostgreSQL's estimate when many do (`totalEstimated`). */
  total: number;
  /** The total is an estimate (shown as "about N"), as are the pages counted from it. */
  totalEstimated: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** What the list's loader hands its components. */
export type MemberListView = {
  list: MemberListPage;
  query: MemberListQuery;
  /** Query values that were not understood and left out, as messages. */
  problems: string[];
  /** Every plan, for the plan filter's choices. */
  plans: { id: number; name: string }[];
  /** The CSV export of the same filters. */
  csvHref: string;
};

// ---- end of the member list ----

// ---- The member page (/admin/members/:memberId) ----
// One type per section of the page, so a section added later brings its own type here.

/** Who the member is and the state of their account. */
export type MemberProfileView = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  signedUpAt: string;
  /** The staff role when the account is also staff, else null. */
  staffRole: string | null;
  banned: boolean;
  banReason: string | null;
  /** When the member deleted their account (names and addresses erased, amounts kept), else null. */
  deletedAt: string | null;
};

/** One unexpired session of the member (staff see the full address; tokens never leave the server). */
export type MemberSessionView = {
  id: string;
  browser: string;
  os: string;
  ipAddress: string | null;
  country: string | null;
  signedInAt: string;
  lastActiveAt: string;
};

export type MemberTelegramView = {
  username: string | null;
  verified: boolean;
  /** The Telegram user id proven by verification, as a string. */
  userId: string | null;
  /**
   * The chats the bot let them into; `removalFailed` when their removal from one failed (the
   * renewal job tries again at `nextAttemptAt`).
   */
  chats: { chatId: string; joinedAt: string; removalFailed: { error: string; nextAttemptAt: string } | null }[];
};

export type MemberSubscriptionView = {
  id: string;
  planName: string;
  billingPeriod: "monthly" | "quarterly" | "lifetime";
  status: "active" | "expired" | "cancelled";
  startDate: string;
  nextBillingDate: string | null;
  autorenew: boolean;
  complimentary: boolean;
  /** Began as a free trial and has not been paid for (yet): `nextBillingDate` is the trial's end. */
  trial: boolean;
  /** Began as a free trial that its first charge converted, then (ISO); null otherwise. */
  trialConvertedAt: string | null;
  /**
   * A paid plan whose next renewal charges nothing because a complimentary plan of the member's
   * includes it (the renewal's own rule): the gift's name and its end (ISO; null: never).
   */
  coveredBy: { gift: string; until: string | null } | null;
  /** A scheduled change the next renewal settles uncharged (the plan held not covered itself); null: none. */
  pendingChange: PendingChange | null;
};

export type MemberLedgerRow = {
  id: string;
  kind: string;
  /** Signed micro-USDT. */
  amount: string;
  reference: string;
  memo: string | null;
  createdAt: string;
};

export type MemberLedgerPage = { rows: MemberLedgerRow[]; page: number; pageCount: number; total: number };

export type MemberDepositView = {
  id: string;
  txId: string;
  /** The transaction's page on the block explorer. */
  explorerUrl: string;
  amount: string;
  fromAddress: string;
  blockTimestamp: string;
};

export type MemberInvoiceView = {
  id: string;
  invoiceId: string;
  issueDate: string;
  totalAmount: string;
  /** Signed micro-USDT: what the ledger entry this row describes moved (a debit is negative); null when none. */
  amount: string | null;
  status: "paid" | "pending" | "failed";
  description: string | null;
  /** Micro-USDT an upgrade credited for the plan it replaced ("0" when none), and what it was for. */
  creditAmount: string;
  creditNote: string | null;
};

export type MemberMoneyView = {
  balance: string;
  ledger: MemberLedgerPage;
  deposits: MemberDepositView[];
  invoices: MemberInvoiceView[];
};

export type MemberNotificationView = {
  id: string;
  kind: string;
  createdAt: string;
  emailSentAt: string | null;
  emailAttempts: number;
  lastError: string | null;
  telegramStatus: string | null;
  telegramError: string | null;
};

export type MemberNoteView = { id: number; authorLabel: string; body: string; createdAt: string };

/** A card payment operators must look at: a refund the balance could not cover, or a dispute. */
export type MemberPaymentFlagView = {
  id: number;
  kind: "refund_shortfall" | "dispute";
  /** Micro-USDT: the shortfall, or the amount disputed. */
  amount: string;
  detail: string;
  createdAt: string;
  /** Null while open; who resolved it (their email), when, and the note they left. */
  resolution: { by: string; at: string; note: string } | null;
};

/** What the viewer's role may do on the page: controls they may not use are not shown. */
export type MemberPageAbilities = {
  assist: boolean;
  write: boolean;
  fixTelegram: boolean;
  readAudit: boolean;
};

// ---- end of the member page ----

/** A member's order as the member page lists it: the same shape the member's own billing reads. */
export type { MemberOrder as MemberOrderView } from "../member-order";

/**
 * Where a referral's reward stands: refused (the same person), waiting for the first paid
 * payment, none (rewards were off when it came), paid, or taken back in part or in whole by refunds.
 */
export type MemberReferralRewardState = "refused" | "waiting" | "none" | "paid" | "partly-reversed" | "reversed";

/** One referral as the member page shows it: the other member, the sign-up and the reward. Money is micro-USDT strings. */
export type MemberReferralView = {
  /** The other member: the referrer on "referred by", the referred member in the list. */
  memberId: string;
  email: string;
  signedUpAt: string;
  state: MemberReferralRewardState;
  refusal: "self" | "telegram" | "email" | null;
  /** The first paid payment that decided the reward (null before it). */
  payment: string | null;
  reward: string | null;
  reversed: string;
  rewardedAt: string | null;
};

/** The member's referrals: who referred them, and the members they referred (the latest few, with totals). */
export type MemberReferralsView = {
  referredBy: MemberReferralView | null;
  referred: {
    latest: MemberReferralView[];
    total: number;
    rewarded: number;
    /** Rewards credited for them, and how much of it refunds took back. */
    rewardsPaid: string;
    reversed: string;
  };
};
