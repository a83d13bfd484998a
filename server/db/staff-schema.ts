// The back office's own tables (issue #16). Re-exported from schema.ts.
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every staff write, one row each (issue #16): who (the signed-in staff member, or the
 * operator of a command line), in which role, when, what and on which record, with the
 * values before and after. Append-only in the database (migration trigger), like the ledger:
 * history is corrected by a new row, never rewritten.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's user id; null for a command-line operator. */
    actorUserId: text("actor_user_id"),
    /** How the actor is shown: an email, or `cli:user@host` / `ops-token`. */
    actorLabel: text("actor_label").notNull(),
    /** The actor's role at the time (`operator` for the command line). */
    actorRole: text("actor_role").notNull(),
    /** What was done, e.g. `staff.role_set`. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** One line a person reads in the log. */
    summary: text("summary").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    ipAddress: text("ip_address"),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);
