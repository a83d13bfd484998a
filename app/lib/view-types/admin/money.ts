import type { LedgerKind, LedgerQuery } from "../../validation/admin/money";

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
