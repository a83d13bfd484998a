import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { LEASE_SECONDS, RUN_BUDGET_MS, sendBeforeDeadline } from "../lib/outbox-lease.ts";
import { deliverTelegramNotification } from "../telegram/deliver-telegram-notification.ts";
import type { TelegramBot } from "../telegram/telegram-bot.ts";

type Claimed = { id: string; user_id: string; kind: string; payload: Record<string, string> };

/**
 * Sends the Telegram copies staff asked to retry (telegram_status `queued`, due at
 * telegram_next_attempt_at). Rows are claimed with FOR UPDATE SKIP LOCKED and leased, so several
 * instances never send one twice in normal operation; the outcome (sent, skipped or failed)
 * ends the retry (deliverTelegramNotification writes it and clears the due time). A failure is
 * not retried by itself: it goes back to the failed list. Like the outboxes (deliverOutbox), a run
 * sends only within its budget, well inside the lease, and hands the rows it did not reach back
 * due at once, so no row it still holds is claimed and sent by another run. It does not use
 * deliverOutbox itself: a retry has no tries to count, no sent time and no back-off of its own
 * (its outcome is the Telegram status the notification's page reads).
 */
export async function deliverTelegramRetries(options: {
  db: Db;
  bot: TelegramBot | undefined;
  limit?: number;
  runBudgetMs?: number;
}): Promise<{ sent: number; failed: number }> {
  const { db, bot, limit = 20, runBudgetMs = RUN_BUDGET_MS } = options;
  const claimed = await db.execute<Claimed>(sql`
    with due as (
      select id from notifications
      where telegram_next_attempt_at <= now()
      order by telegram_next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update notifications n
    set telegram_next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    from due
    where n.id = due.id
    returning n.id::text as id, n.user_id, n.kind, n.payload`);
  let sent = 0;
  let failed = 0;
  await sendBeforeDeadline(claimed.rows, {
    deadline: Date.now() + runBudgetMs,
    handBack: (rest) =>
      db.execute(sql`
        update notifications set telegram_next_attempt_at = now()
        where id in (${sql.join(
          rest.map((row) => sql`${row.id}::bigint`),
          sql`, `,
        )}) and telegram_next_attempt_at is not null`),
    each: async (row) => {
      const outcome = await deliverTelegramNotification({
        db,
        bot,
        userId: row.user_id,
        kind: row.kind,
        payload: row.payload,
        notificationId: row.id,
      });
      if (outcome === "sent") sent++;
      if (outcome === "failed") failed++;
    },
  });
  return { sent, failed };
}
