// Broadcasts to members (by the bot and by email) and their deliveries. Kept apart from
// schema.ts; re-exported from it.
import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BroadcastAudience } from "~/lib/broadcasts";
import { user } from "./auth-schema.ts";
import { createdAt, updatedAt } from "./columns.ts";

export const broadcastChannel = pgEnum("broadcast_channel", ["bot", "email", "both"]);
export const broadcastState = pgEnum("broadcast_state", ["draft", "scheduled", "sending", "cancelled", "done"]);
export const broadcastWay = pgEnum("broadcast_way", ["bot", "email"]);
/** `sending`: the call to Telegram or the mail server is under way (see deliver-broadcasts.ts). */
export const broadcastDeliveryStatus = pgEnum("broadcast_delivery_status", [
  "queued",
  "sending",
  "sent",
  "failed",
  "blocked",
  "skipped",
  "cancelled",
]);

/** A message written once in the back office for an audience of members. */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The email's subject and the back office's name for it. */
    subject: text("subject").notNull(),
    /** The rich-text editor's document (sanitized HTML), rendered per way when sent. */
    body: text("body").notNull(),
    audience: jsonb("audience").$type<BroadcastAudience>().notNull(),
    channel: broadcastChannel("channel").notNull(),
    state: broadcastState("state").notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("broadcasts_created_idx").on(t.createdAt), index("broadcasts_state_idx").on(t.state, t.scheduledAt)],
);

/**
 * One message of one broadcast to one member by one way. Unique per (broadcast, member, way):
 * queuing again, or a restart, never makes a second one. Claimed in batches with a lease
 * (next_attempt_at), then each row goes queued → sending just before the call and to its outcome
 * right after it.
 */
export const broadcastDeliveries = pgTable(
  "broadcast_deliveries",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    broadcastId: uuid("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    way: broadcastWay("way").notNull(),
    status: broadcastDeliveryStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("broadcast_deliveries_once").on(t.broadcastId, t.userId, t.way),
    index("broadcast_deliveries_progress_idx").on(t.broadcastId, t.status),
    // The sender's claim: only rows still to do, by when they are due.
    index("broadcast_deliveries_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} IN ('queued', 'sending')`),
  ],
);

/** A member who asked for no more broadcasts by a way: the email's unsubscribe link, or /stop to the bot. */
export const broadcastOptOuts = pgTable(
  "broadcast_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    way: broadcastWay("way").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.way] })],
);
