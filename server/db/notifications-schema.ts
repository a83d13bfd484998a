import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt } from "./columns.ts";

/** What a notification is about; email and Telegram each have a text for every kind. */
export const notificationKinds = [
  "purchase_confirmed",
  "deposit_credited",
  "balance_credited",
  "card_payment_credited",
  "renewal_charged",
  "renewal_failed",
  "subscription_expired",
  "renewal_reminder",
  "renewal_covered",
  "price_change_notice",
  "price_change_cancelled",
  "trial_started",
  "trial_reminder",
  "trial_converted",
  "trial_ended",
  "balance_debited",
  "card_refunded",
  "referral_rewarded",
  "referral_reversed",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Transactional outbox of member notifications: written in the same transaction as the
 * event (a charge, a lapse, a deposit), delivered afterwards by a job, so nothing is lost on
 * a crash and nothing is sent for a rolled-back change.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull().default({}),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    emailAttempts: integer("email_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /**
     * The Telegram copy: null until tried, then `sent`, `skipped` or `failed` (with its error);
     * `queued` when staff asked to retry a failed one (migration 0030), due at
     * telegram_next_attempt_at, which the retry job leases and the outcome clears.
     */
    telegramStatus: text("telegram_status"),
    telegramError: text("telegram_error"),
    telegramNextAttemptAt: timestamp("telegram_next_attempt_at", { withTimezone: true }),
    /** When the Telegram copy was last tried, whatever came of it (migration 0035). */
    telegramAttemptedAt: timestamp("telegram_attempted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_pending_idx").on(t.emailSentAt, t.nextAttemptAt),
    index("notifications_user_idx").on(t.userId, t.createdAt),
    // The back office's failed deliveries and the Telegram retry job: few rows each.
    index("notifications_telegram_failed_idx")
      .on(t.id)
      .where(sql`${t.telegramStatus} = 'failed'`),
    index("notifications_telegram_retry_idx")
      .on(t.telegramNextAttemptAt)
      .where(sql`${t.telegramNextAttemptAt} IS NOT NULL`),
  ],
);
