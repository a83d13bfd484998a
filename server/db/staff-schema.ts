// The back office's own tables. Re-exported from schema.ts.
import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt } from "./columns.ts";

/**
 * Every staff write, one row each: who (the signed-in staff member, or the
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

/**
 * Invitations to join the staff by email (migration 0015). The link carries a random
 * token; only its SHA-256 is stored, so a database read does not hand out working links. An
 * invitation is open until it is accepted (once), revoked, replaced or past `expiresAt` (72 h
 * after it was last sent).
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    /** Lower-case, as accounts are looked up. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    invitedByLabel: text("invited_by_label").notNull(),
    createdAt: createdAt(),
    /** The last time the link went out (a resend makes a new link and a new expiry). */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    check("staff_invitations_role", sql`${t.role} IN ('owner', 'admin', 'editor', 'support')`),
    check("staff_invitations_email_lower", sql`${t.email} = lower(${t.email})`),
    uniqueIndex("staff_invitations_open_email_idx")
      .on(t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);
