import type { StaffResult } from "~/lib/view-types/admin/results";
import type { results } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

/** The texts the results' domain functions refuse with. */
export const resultRefusals = {
  notFound: "This result no longer exists: reload the page.",
  edge: "This result is already at that end of the list.",
} as const;

/** A database row as the back office and the audit log see it (numeric columns as numbers). */
export function toStaffResult(row: typeof results.$inferSelect): StaffResult {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    signals: row.signals,
    wins: row.wins,
    losses: row.losses,
    totalPercentage: Number(row.totalPercentage),
    winRate: Number(row.winRate),
    published: row.published,
    displayOrder: row.displayOrder,
  };
}

/** The audit log's snapshot of a row: what a reader needs to see the change. */
export function auditSnapshot(row: StaffResult): Record<string, unknown> {
  const { id: _id, ...rest } = row;
  return rest;
}

/** "Forex · October 2026", for audit summaries. */
export function describeResult(row: { type: string; title: string }) {
  return `${row.type} · ${row.title}`;
}

export function assertFound<T>(row: T | undefined): T {
  if (!row) throw new AppError("NOT_FOUND", resultRefusals.notFound);
  return row;
}
