import { sql, type SQL } from "drizzle-orm";

/** How many times the outbox tries a notification's email before it gives up. */
export const NOTIFICATION_MAX_ATTEMPTS = 8;

/*
 * The states of a notification's two deliveries that the back office lists as failed, as SQL over
 * the notifications row aliased `n`. Each is a state no job will change by itself, so a retry
 * asked for by staff never races a send already under way.
 */

/**
 * The email was given up on: tried NOTIFICATION_MAX_ATTEMPTS times, never sent, and no attempt
 * under way (a claimed row's lease keeps next_attempt_at ahead; the last failure sets it to now).
 * `email_sent_at is null … next_attempt_at` is what notifications_pending_idx reads.
 */
export function emailGivenUpSql(n: string): SQL {
  return sql.raw(
    `(${n}.email_sent_at is null and ${n}.next_attempt_at <= now() and ${n}.email_attempts >= ${NOTIFICATION_MAX_ATTEMPTS} and ${n}.last_error is not null)`,
  );
}

/**
 * The Telegram copy failed and nothing will try it again by itself: the outbox tries Telegram
 * along with each email attempt, so while the email is still being tried, so is Telegram.
 * notifications_telegram_failed_idx holds these rows.
 */
export function telegramFailedSql(n: string): SQL {
  return sql.raw(
    `(${n}.telegram_status = 'failed' and (${n}.email_sent_at is not null or (${n}.email_attempts >= ${NOTIFICATION_MAX_ATTEMPTS} and ${n}.next_attempt_at <= now())))`,
  );
}
