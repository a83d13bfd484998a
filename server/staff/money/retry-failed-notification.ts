import { sql } from "drizzle-orm";
import type { NotificationChannel } from "~/lib/validation/admin/money";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { emailGivenUpSql, telegramFailedSql } from "../../notifications/failed-deliveries.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

const CHANNEL_NAME: Record<NotificationChannel, string> = { email: "email", telegram: "Telegram message" };

/**
 * Queues one failed delivery of a notification again, audited in the same transaction:
 * - email: a fresh round of attempts, due now (the outbox job sends it);
 * - Telegram: telegram_status `queued`, due now (the retry job sends it, deliver-telegram-retries.ts).
 * Only a delivery in a failed state no job will change (failed-deliveries.ts) is queued, in one
 * conditional update: a second click, or a delivery sent meanwhile, finds nothing to queue and
 * is answered with what the delivery is doing instead, so it is queued once.
 */
export async function retryFailedNotification(options: {
  db: Db;
  notificationId: string;
  channel: NotificationChannel;
  actor: StaffActor;
}): Promise<{ queued: boolean; message: string }> {
  const { db, notificationId, channel, actor } = options;
  const name = CHANNEL_NAME[channel];
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ user_id: string; kind: string; error: string | null }>(
      channel === "email"
        ? sql`
          update notifications n set email_attempts = 0, next_attempt_at = now()
          where n.id = ${notificationId}::bigint and ${emailGivenUpSql("n")}
          returning n.user_id, n.kind, n.last_error as error`
        : sql`
          update notifications n set telegram_status = 'queued', telegram_next_attempt_at = now()
          where n.id = ${notificationId}::bigint and ${telegramFailedSql("n")}
          returning n.user_id, n.kind, n.telegram_error as error`,
    );
    const queued = rows[0];
    if (!queued) return { queued: false, message: await whyNotQueued(tx, notificationId, channel) };
    await recordAuditEvent({
      tx,
      actor,
      action: "member.notification-retried",
      target: { type: "member", id: queued.user_id },
      summary: `Queued the failed ${name} of notification #${notificationId} (${queued.kind}) again`,
      before: { notification: notificationId, channel, error: queued.error },
      after: { notification: notificationId, channel, queued: true },
    });
    return { queued: true, message: `The ${name} is queued and goes out within a minute.` };
  });
}

/** What a delivery that was not queued is doing: the answer to a second click. */
async function whyNotQueued(tx: DbOrTx, notificationId: string, channel: NotificationChannel) {
  const { rows } = await tx.execute<{ email_sent: boolean; telegram_status: string | null }>(sql`
    select email_sent_at is not null as email_sent, telegram_status from notifications where id = ${notificationId}::bigint`);
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", "That notification no longer exists.");
  if (channel === "email")
    return row.email_sent ? "This email has been sent already." : "This email is already queued for another try.";
  if (row.telegram_status === "sent") return "This Telegram message has been sent already.";
  if (row.telegram_status === "queued") return "This Telegram message is already queued for another try.";
  return "This Telegram message is tried again with its email, which is still being sent.";
}
