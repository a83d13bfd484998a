import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";
import { LEASE_SECONDS, RUN_BUDGET_MS, sendBeforeDeadline } from "../lib/outbox-lease.ts";
import { deliverTelegramNotification } from "../telegram/deliver-telegram-notification.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { NOTIFICATION_MAX_ATTEMPTS as MAX_ATTEMPTS } from "./failed-deliveries.ts";
import { renderNotification } from "./templates.ts";

type Claimed = {
  id: string;
  user_id: string;
  kind: string;
  payload: Record<string, string>;
  email: string;
  first_name: string;
  email_attempts: number;
  telegram_status: string | null;
};

/**
 * Delivers queued notifications by email (at least once). Rows are claimed with
 * FOR UPDATE SKIP LOCKED and a lease, so several instances share the work without
 * sending one message twice in normal operation; failures back off exponentially.
 */
export async function deliverNotifications(options: {
  db: Db;
  limit?: number;
  runBudgetMs?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<{ sent: number; failed: number }> {
  const { db, limit = 20, runBudgetMs = RUN_BUDGET_MS, send = sendEmail } = options;
  const config = getConfig();
  const siteUrl = getPublicOrigin();
  const dashboardUrl = `${siteUrl}/dashboard`;
  const claimed = await db.execute<Claimed>(sql`
    with due as (
      select id from notifications
      where email_sent_at is null and next_attempt_at <= now() and email_attempts < ${MAX_ATTEMPTS}
      order by id
      limit ${limit}
      for update skip locked
    )
    update notifications n
    set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), email_attempts = n.email_attempts + 1
    from due, "user" u, profiles p
    where n.id = due.id and u.id = n.user_id and p.id = n.user_id
    returning n.id::text as id, n.user_id, n.kind, n.payload, u.email, p.first_name, n.email_attempts,
              n.telegram_status`);
  let sent = 0;
  let failed = 0;
  await sendBeforeDeadline(claimed.rows, {
    deadline: Date.now() + runBudgetMs,
    handBack: (rest) =>
      db.execute(sql`
        update notifications set next_attempt_at = now(), email_attempts = email_attempts - 1
        where id in (${sql.join(
          rest.map((r) => sql`${r.id}::bigint`),
          sql`, `,
        )}) and email_sent_at is null`),
    each: async (row) => {
      // Telegram for verified members (once per notification, never throws); email for everyone.
      // A copy staff queued for a retry is the retry job's to send (deliver-telegram-retries.ts).
      if (row.telegram_status !== "queued") {
        await deliverTelegramNotification({
          db,
          bot: getTelegramBot(),
          userId: row.user_id,
          kind: row.kind,
          payload: row.payload,
          notificationId: row.id,
        });
      }
      const message = renderNotification(row.kind, row.payload, {
        brand: config.brandName,
        firstName: row.first_name,
        dashboardUrl,
        siteUrl,
      });
      try {
        await send({ to: row.email, ...message });
        await db.execute(
          sql`update notifications set email_sent_at = now(), last_error = null where id = ${row.id}::bigint`,
        );
        sent++;
      } catch (error) {
        failed++;
        // After the last attempt nothing is due any more: next_attempt_at now marks the row as
        // given up and free (failed-deliveries.ts), so staff may retry it at once.
        const backoffSeconds =
          row.email_attempts >= MAX_ATTEMPTS ? 0 : Math.min(3600, 30 * 2 ** (row.email_attempts - 1));
        await db.execute(sql`
          update notifications
          set next_attempt_at = now() + make_interval(secs => ${backoffSeconds}), last_error = ${String((error as Error).message).slice(0, 500)}
          where id = ${row.id}::bigint`);
        getLogger().warn(
          { notification: row.id, kind: row.kind, attempt: row.email_attempts, err: (error as Error).message },
          "email delivery failed; will retry",
        );
      }
    },
  });
  return { sent, failed };
}
