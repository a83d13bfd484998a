import type { StaffRole } from "../../staff-roles";

/*
 * What several back-office sections show: the signed-in staff member in the shell, and one record's
 * own audit rows beside its editor.
 * Money as integer micro-USDT strings, dates as ISO strings, as everywhere.
 */

/** The signed-in staff member, as the shell shows them. */
export type AdminViewer = { email: string; name: string; role: StaffRole };

/** One changed field of an audit row, as a person reads it (null: absent or empty). */
export type FieldChange = { field: string; before: string | null; after: string | null };

export type TargetHistoryEntry = {
  id: number;
  at: string;
  actorLabel: string;
  actorRole: string;
  action: string;
  summary: string;
  changes: FieldChange[];
};

/** One record's own audit rows, newest first; `more` when older ones are left out. */
export type TargetHistory = { target: string; entries: TargetHistoryEntry[]; more: boolean };
