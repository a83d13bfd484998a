import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { deliverOutbox, type OutboxColumns } from "../db/deliver-outbox.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";
import { deliverTelegramNotification } from "../telegram/deliver-telegram-notification.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { NOTIFICATION_MAX_ATTEMPTS as MAX_ATTEMPTS } from "./failed-deliveries.ts";
import { renderNotification } from "./templates.ts";

const NOTIFICATION_OUTBOX: OutboxColumns = {
  table: "notifications",
  sentAt: "email_sent_at",
  nextAttemptAt: "next_attempt_at",
  attempts: "email_attempts",
  lastError: "last_error",
};

type Claimed = {
  id: string;
  attempt: number;
  notification_id: string;
  user_id: string;
  kind: string;
  payload: Record<string, string>;
  email: string;
  first_name: string;
  telegram_status: string | null;
  account_deleted: boolean;
};

/**
 * Delivers queued notifications by email (at least once), as an outbox (deliverOutbox): rows are
 * claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances share the work without
 * sending one message twice in normal operation; failures back off exponentially. After the last
 * attempt the row is due at once: that time marks it as given up and free (failed-deliveries.ts),
 * so staff may retry it at once. A row of a deleted account is dropped, not sent (it counts as
 * done, never as failed).
 */
export async function deliverNotifications(options: {
  db: Db;
  limit?: number;
  runBudgetMs?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<{ sent: number; failed: number }> {
  const { db, limit, runBudgetMs, send = sendEmail } = options;
  const config = getConfig();
  const siteUrl = getPublicOrigin();
  const dashboardUrl = `${siteUrl}/dashboard`;
  return deliverOutbox<Claimed>({
    db,
    outbox: NOTIFICATION_OUTBOX,
    maxAttempts: MAX_ATTEMPTS,
    givenUpDueAtOnce: true,
    claim: {
      from: sql`"user" u, profiles p`,
      where: sql`u.id = o.user_id and p.id = o.user_id`,
      returning: sql`o.id::text as notification_id, o.user_id, o.kind, o.payload, u.email, p.first_name, o.telegram_status,
        u.deleted_at is not null as account_deleted`,
    },
    limit,
    runBudgetMs,
    send: async (row) => {
      // Queued as the account was being deleted (a transaction that read it just before): erased
      // like the account's other notifications, never sent to its placeholder address nor failed.
      if (row.account_deleted) {
        await db.execute(sql`delete from notifications where id = ${row.notification_id}::bigint`);
        return;
      }
      // Telegram for verified members (once per notification, never throws); email for everyone.
      // A copy staff queued for a retry is the retry job's to send (deliver-telegram-retries.ts).
      if (row.telegram_status !== "queued") {
        await deliverTelegramNotification({
          db,
          bot: getTelegramBot(),
          userId: row.user_id,
          kind: row.kind,
          payload: row.payload,
          notificationId: row.notification_id,
        });
      }
      const message = renderNotification(row.kind, row.payload, {
        brand: config.brandName,
        firstName: row.first_name,
        dashboardUrl,
        siteUrl,
      });
      await send({ to: row.email, ...message });
    },
    onFailure: (row, message) =>
      getLogger().warn(
        { notification: row.notification_id, kind: row.kind, attempt: row.attempt, err: message },
        "email delivery failed; will retry",
      ),
  });
}
