// Telegram bot tables. Kept apart from schema.ts; re-exported from it.
// Telegram ids (chats and users) have at most 52 significant bits, so they are read as numbers.
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { pricing } from "./content-schema.ts";
import { notifications } from "./notifications-schema.ts";

const telegramId = (name: string) => bigint(name, { mode: "number" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** The private channels or groups a plan unlocks (usually one; a bundle plan may unlock several). */
export const planTelegramChats = pgTable(
  "plan_telegram_chats",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => pricing.id, { onDelete: "cascade" }),
    chatId: telegramId("chat_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.chatId] }), index("plan_telegram_chats_chat_idx").on(t.chatId)],
);

/**
 * Who the bot let into which chat (join request approved, or a join seen for an entitled member).
 * The Bot API cannot list a chat's members, so removals and reconciliation work from this list.
 */
export const telegramChatMembers = pgTable(
  "telegram_chat_members",
  {
    chatId: telegramId("chat_id").notNull(),
    telegramUserId: telegramId("telegram_user_id").notNull(),
    // Kept when the account is deleted (set null) so the person is still removed from the chat.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    // A removal in progress or failed (migration 0040): tries so far, the last failure's Bot API
    // answer and time, and when the row may be claimed again (a lease while the bot works on it,
    // then the back-off). All cleared when the member is entitled again.
    removalAttempts: integer("removal_attempts").notNull().default(0),
    removalError: text("removal_error"),
    removalFailedAt: timestamp("removal_failed_at", { withTimezone: true }),
    removalNextAt: timestamp("removal_next_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.telegramUserId] }),
    index("telegram_chat_members_user_idx").on(t.userId),
    index("telegram_chat_members_removal_idx")
      .on(t.removalNextAt)
      .where(sql`${t.removalNextAt} IS NOT NULL`),
  ],
);

/** The personal invite link last sent to a member for a chat, reused until shortly before it expires. */
export const telegramInviteLinks = pgTable(
  "telegram_invite_links",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    chatId: telegramId("chat_id").notNull(),
    inviteLink: text("invite_link").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatId] })],
);

/** Outbox notifications already sent by Telegram, so a retried email never repeats the message. */
export const telegramNotificationDeliveries = pgTable("telegram_notification_deliveries", {
  notificationId: bigint("notification_id", { mode: "bigint" })
    .primaryKey()
    .references(() => notifications.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The member portal inside Telegram: each row is one exchange of Telegram's signed init data for
 * a short-lived portal token. The token is kept only as its SHA-256 (`tokenHash`); the init
 * data's own signature (`initDataHash`) is unique, so the same init data is never exchanged twice
 * (a copied launch URL replayed later gets nothing). The Telegram account is the one the signed
 * data names; which member it is follows the profile's verified Telegram id at every request.
 */
export const telegramPortalSessions = pgTable(
  "telegram_portal_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    initDataHash: text("init_data_hash").notNull().unique(),
    telegramUserId: telegramId("telegram_user_id").notNull(),
    telegramUsername: text("telegram_username"),
    firstName: text("first_name").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("telegram_portal_sessions_expires_idx").on(t.expiresAt)],
);
