import type { TargetHistory } from "./shared";

/*
 * What the deposits page (/admin/money/deposits) shows. Money as integer micro-USDT strings,
 * dates as ISO strings, as everywhere.
 */

export type CreditedDeposit = {
  id: string;
  userId: string;
  email: string;
  txId: string;
  eventIndex: number;
  /** The transaction's page on the block explorer (TRON_EXPLORER_URL + hash). */
  explorerUrl: string;
  amount: string;
  fromAddress: string;
  toAddress: string;
  blockNumber: number;
  blockTimestamp: string;
  /** Below MIN_DEPOSIT_USDT: credited, but the member was not notified. */
  belowMinimum: boolean;
};

export type CreditedDeposits = {
  rows: CreditedDeposit[];
  /** The cursor of the next (older) page, null on the last. */
  next: string | null;
};

/** Why a transfer to a member's address was not credited (the watcher's own words for it). */
export type UncreditedReason = "unconfirmed" | "other_token" | "zero_amount";

export type UncreditedTransfer = {
  id: string;
  /** Null when the member's account is gone. */
  userId: string | null;
  email: string | null;
  txId: string;
  eventIndex: number;
  explorerUrl: string;
  toAddress: string;
  fromAddress: string | null;
  tokenContract: string | null;
  /** In the token's own smallest unit; micro-USDT only when the token is USDT. */
  amount: string | null;
  reason: UncreditedReason | string;
  blockTimestamp: string | null;
  seenAt: string;
};

export type UncreditedTransfers = { rows: UncreditedTransfer[]; total: number };

export type DepositWatcherHealth = {
  /** False when TRON_API_URL is not set: the watcher does not run. */
  enabled: boolean;
  pollSeconds: number;
  /** The block time the next poll reads from; null before the first poll. */
  cursorAt: string | null;
  /** How far the cursor is behind now, in ms (null before the first poll). */
  lagMs: number | null;
  polledAt: string | null;
  /** Whether the last poll worked; null before the first. */
  pollOk: boolean | null;
  newestBlock: number | null;
  newestBlockAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The USDT contract the watcher reads, for telling another token apart. */
  usdtContract: string;
};

export type DepositsView = {
  deposits: CreditedDeposits;
  uncredited: UncreditedTransfers;
  health: DepositWatcherHealth;
  history: TargetHistory;
  /** A page after the first (the "Newest" link shows). */
  paged: boolean;
  canWrite: boolean;
  canReadAudit: boolean;
  problems: string[];
};
