/*
 * What the audit log's page shows.
 * Money as integer micro-USDT strings, dates as ISO strings, as everywhere.
 */

export type AuditEntry = {
  id: number;
  at: string;
  actorLabel: string;
  actorRole: string;
  action: string;
  target: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type AuditPage = {
  entries: AuditEntry[];
  page: number;
  pageCount: number;
  total: number;
  /** What the filters offer: every staff member and action the log holds. */
  choices: { actors: string[]; actions: string[] };
};
