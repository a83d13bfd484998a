import type { LedgerKind, LedgerQuery, NotificationChannel } from "../../validation/admin/money";

/*
 * What the money pages (/admin/money and its tabs) show. Money as integer micro-USDT strings,
 * dates as ISO strings, as everywhere.
 */

// ---- The ledger explorer (/admin/money) ----

export type LedgerExplorerRow = {
  id: string;
  userId: string;
  email: string;
  kind: LedgerKind;
  amount: string;
  reference: string;
  memo: string | null;
  /** ISO with microseconds (the keyset cursor needs them). */
  createdAt: string;
};

export type LedgerExplorer = {
  rows: LedgerExplorerRow[];
  /** Count and sum per kind of the whole filtered set (every page), kinds without rows left out. */
  totals: { kind: LedgerKind; count: number; sum: string }[];
  /** The cursor of the next (older) page, null on the last. */
  next: { createdAt: string; id: string } | null;
  /** False when the member filter names no account. */
  memberFound: boolean;
};

export type LedgerExplorerView = {
  ledger: LedgerExplorer;
  query: LedgerQuery;
  problems: string[];
};

// ---- Reconciliation (/admin/money/reconciliation) ----

export type ReconciliationCheck = {
  /** When the check finished. */
  at: string;
  /** False when the check itself failed (see `error`). */
  ok: boolean;
  error: string | null;
  /** "job", or "staff:<who>" for a run asked for on this page. */
  source: string | null;
  checked: number;
  mismatchCount: number;
  /** Decimal USDT strings, as the check reports them. */
  mismatches: { userId: string; email: string | null; balance: string; ledgerSum: string; difference: string }[];
};

export type ReconciliationView = { last: ReconciliationCheck | null; canWrite: boolean };

// ---- Renewals (/admin/money/renewals) ----

export type DueRenewal = {
  subscriptionId: string;
  userId: string;
  email: string;
  plan: string;
  billingPeriod: "monthly" | "quarterly";
  /** ISO; one already past is settled by the job's next run. */
  dueAt: string;
  /** What the renewal will charge: the price in force on the due date, for the period. */
  amount: string;
  balance: string;
  /**
   * What the balance lacks for this renewal, counting the member's renewals due before it
   * (they are charged first, from the same balance); "0" when covered. Above 0 it lapses.
   */
  shortfall: string;
};

export type DueRenewals = {
  rows: DueRenewal[];
  /** Over the whole 7 days, not only this page. */
  total: number;
  atRisk: number;
  /** Sum of every due renewal's amount, and of what the members at risk lack. */
  amount: string;
  shortfall: string;
  page: number;
  pageCount: number;
};

export type RenewalRun = {
  id: string;
  startedAt: string;
  /** Null for a run still going, or one that never recorded its end. */
  finishedAt: string | null;
  /**
   * `failed`: the run itself failed (see `error`); `unfinished`: it started long ago and never
   * recorded an end (the process stopped mid-run); `running`: started recently, not done yet.
   */
  state: "finished" | "failed" | "running" | "unfinished";
  charged: number;
  failed: number;
  expired: number;
  /** Subscriptions whose settlement threw (rolled back, tried again next run). */
  errored: number;
  error: string | null;
};

/** A removal from a paid chat that failed and waits for the renewal job's next try. */
export type ChatRemovalFailure = {
  chatId: string;
  telegramUserId: string;
  /** Null when the account was deleted since (the person is still removed). */
  userId: string | null;
  email: string | null;
  /** The plans that unlock the chat, by name; null when none does any more. */
  plans: string | null;
  /** Tries so far, the failed ones included. */
  attempts: number;
  /** Telegram's answer to the last try. */
  error: string;
  failedAt: string;
  nextAttemptAt: string;
};

export type ChatRemovalFailures = {
  /** The latest failures first (at most 50). */
  rows: ChatRemovalFailure[];
  total: number;
};

export type RenewalsView = {
  due: DueRenewals;
  /** Members the bot could not remove from a paid chat after their subscription ended. */
  chatRemovals: ChatRemovalFailures;
  /** The latest runs that settled something, failed or never finished (runs with nothing due are left out). */
  runs: RenewalRun[];
  /** When the job last finished, whatever it did: shows it is running. */
  lastRunAt: string | null;
};

// ---- Failed notifications (/admin/money/notifications) ----

/** One delivery of a member notification that failed and will not be tried again by itself. */
export type FailedDelivery = {
  notificationId: string;
  channel: NotificationChannel;
  userId: string;
  memberEmail: string;
  /** Where it was going: the email address, or the member's Telegram @username (or id). */
  recipient: string;
  kind: string;
  /** When the notification was queued. */
  createdAt: string;
  /**
   * When this delivery last failed: the time of its last attempt. Null for a Telegram copy that
   * failed before attempt times were recorded.
   */
  failedAt: string | null;
  /** Email only: how many times it was tried. */
  attempts: number | null;
  error: string | null;
};

export type FailedNotificationsView = {
  deliveries: FailedDelivery[];
  /** The cursor of the next (older) page: list notifications before this id; null on the last. */
  next: string | null;
  before: string | null;
  /** Emails that failed and are still being tried by the outbox (with back-off). */
  emailsRetrying: number;
  /** Telegram copies queued again by staff, waiting for the next run. */
  telegramQueued: number;
  canRetry: boolean;
};
