// Tables of the back office's member care, support inbox and money views. Re-exported from schema.ts.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt, micro, updatedAt } from "./columns.ts";

/** Internal notes staff keep on a member: never shown to the member. */
export const memberNotes = pgTable(
  "member_notes",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // Kept when the author leaves the staff: the label still says who wrote it.
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("member_notes_user_idx").on(t.userId, t.createdAt)],
);

export const CONTACT_STATUSES = ["new", "open", "answered", "closed"] as const;

/**
 * Messages sent through the contact form (the support inbox). `userId` links a message sent by a
 * signed-in member to their account; the thread of staff replies and notes is
 * contact_thread_entries. `alertSentAt` marks the staff alert (email, Telegram) as done.
 */
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    telegram: text("telegram"),
    message: text("message").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: ["new", "open", "answered", "closed"] })
      .notNull()
      .default("new"),
    assignedTo: text("assigned_to").references(() => user.id, { onDelete: "set null" }),
    alertSentAt: timestamp("alert_sent_at", { withTimezone: true }),
    alertAttempts: integer("alert_attempts").notNull().default(0),
    // Each channel of the alert is marked once sent, so a retry never repeats the other one.
    alertEmailSentAt: timestamp("alert_email_sent_at", { withTimezone: true }),
    alertTelegramSentAt: timestamp("alert_telegram_sent_at", { withTimezone: true }),
    alertNextAttemptAt: timestamp("alert_next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    alertLastError: text("alert_last_error"),
    // Each channel's own last error (null once it is sent), for the message's page.
    alertEmailError: text("alert_email_error"),
    alertTelegramError: text("alert_telegram_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contact_submissions_status", sql`${t.status} IN ('new', 'open', 'answered', 'closed')`),
    index("contact_submissions_status_idx").on(t.status, t.createdAt),
    index("contact_submissions_email_idx").on(sql`lower(${t.email})`),
    index("contact_submissions_user_idx").on(t.userId),
    index("contact_submissions_alert_idx")
      .on(t.alertNextAttemptAt)
      .where(sql`${t.alertSentAt} IS NULL`),
  ],
);

/**
 * What staff add to a contact message's thread: a reply (emailed to the sender from the site; an
 * outbox row until `emailSentAt` is set) or an internal note (never leaves the back office).
 */
export const contactThreadEntries = pgTable(
  "contact_thread_entries",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["reply", "note"] }).notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull(),
    body: text("body").notNull(),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    emailAttempts: integer("email_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_thread_entries_kind", sql`${t.kind} IN ('reply', 'note')`),
    index("contact_thread_entries_submission_idx").on(t.submissionId, t.createdAt),
    index("contact_thread_entries_outbox_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.kind} = 'reply' AND ${t.emailSentAt} IS NULL`),
  ],
);

/**
 * One row per run of a recorded background job (renewals, ledger reconciliation, deposit
 * polls, rescans): what it did or why it failed. The back office's money page reads the
 * latest runs; nothing else depends on them, so old rows may be pruned.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    job: text("job").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ok: boolean("ok"),
    result: jsonb("result").$type<Record<string, unknown>>().notNull().default({}),
    error: text("error"),
  },
  (t) => [index("job_runs_job_started_idx").on(t.job, t.startedAt)],
);

/**
 * Transfers seen to a member's deposit address that were not credited, with the reason
 * (`unconfirmed`, `other_token`, `zero_amount`: the watcher's UncreditedReason), once per
 * (transaction, event index). An unconfirmed one is credited by a later poll; its row then stays
 * as history, and the deposits page no longer lists it (it has a chain_deposits row).
 */
export const uncreditedTransfers = pgTable(
  "uncredited_transfers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    txId: text("tx_id").notNull(),
    eventIndex: integer("event_index").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address"),
    tokenContract: text("token_contract"),
    /** In the token's own smallest unit (micro-USDT for USDT); null when unknown. */
    amount: micro("amount"),
    reason: text("reason").notNull(),
    blockTimestamp: timestamp("block_timestamp", { withTimezone: true }),
    seenAt: createdAt(),
  },
  (t) => [
    uniqueIndex("uncredited_transfers_tx_event_unique").on(t.txId, t.eventIndex),
    index("uncredited_transfers_seen_idx").on(t.seenAt),
  ],
);
