// Posts announced in the site's Telegram channel. Kept apart from schema.ts; re-exported from it.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { blogPosts } from "./content-schema.ts";

/**
 * The one channel posts are announced in (a single row: id is always true), checked when set:
 * the bot is an administrator there who can post. `username` (without @) makes message links
 * public (t.me/<username>/<id>); a private channel's links open for its members only.
 */
export const announcementChannel = pgTable(
  "announcement_channel",
  {
    id: boolean("id").primaryKey().default(true),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    title: text("title").notNull(),
    username: text("username"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("announcement_channel_one_row", sql`${t.id}`)],
);

/** `sending`: the call to Telegram is under way, so a row found so after its lease may have gone out. */
export const postAnnouncementStatus = pgEnum("post_announcement_status", ["pending", "sending", "sent", "failed"]);

/** A post's one announcement (keyed by the post, so it is queued once), like an outbox row. */
export const postAnnouncements = pgTable(
  "post_announcements",
  {
    postId: integer("post_id")
      .primaryKey()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    status: postAnnouncementStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    chatId: bigint("chat_id", { mode: "number" }),
    messageId: integer("message_id"),
    messageUrl: text("message_url"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("post_announcements_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'sending')`),
  ],
);
