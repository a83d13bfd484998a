import { sql } from "drizzle-orm";
import type { FailedDelivery } from "~/lib/view-types/admin/money";
import type { DbOrTx } from "../../db/client.ts";
import {
  emailGivenUpSql,
  NOTIFICATION_MAX_ATTEMPTS,
  telegramFailedSql,
} from "../../notifications/failed-deliveries.ts";

type Row = {
  id: string;
  user_id: string;
  kind: string;
  created_at: string;
  email_failed_at: string;
  telegram_failed_at: string | null;
  email_attempts: number;
  last_error: string | null;
  telegram_error: string | null;
  email_failed: boolean;
  telegram_failed: boolean;
  email: string;
  telegram_username: string | null;
  telegram_user_id: string | null;
};

const iso = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Member notifications with a failed delivery no job will try again by itself (an email the
 * outbox gave up on, a Telegram copy that failed once its email was done: failed-deliveries.ts),
 * newest first, one row per failed channel, a page of `pageSize` notifications before `before`.
 * Each side is read by its own index (notifications_pending_idx for unsent emails, the partial
 * notifications_telegram_failed_idx), then the page's rows by key. Also counts what is still
 * being tried: failing emails with attempts left, Telegram copies staff queued again.
 *
 * When each delivery failed: an email given up on has next_attempt_at at its last failure (the
 * outbox sets no back-off after the last attempt); a Telegram copy has the time of its last try
 * (telegram_attempted_at).
 */
export async function listFailedNotifications(options: {
  db: DbOrTx;
  before: string | null;
  pageSize: number;
}): Promise<{ deliveries: FailedDelivery[]; next: string | null; emailsRetrying: number; telegramQueued: number }> {
  const { db, before, pageSize } = options;
  const older = before === null ? sql`true` : sql`n.id < ${before}::bigint`;
  const { rows } = await db.execute<Row>(sql`
    with page as (
      (select n.id from notifications n where ${emailGivenUpSql("n")} and ${older} order by n.id desc limit ${pageSize + 1})
      union
      (select n.id from notifications n where ${telegramFailedSql("n")} and ${older} order by n.id desc limit ${pageSize + 1})
    )
    select n.id::text as id, n.user_id, n.kind,
           to_char(n.created_at at time zone 'UTC', ${sql.raw(iso)}) as created_at,
           to_char(n.next_attempt_at at time zone 'UTC', ${sql.raw(iso)}) as email_failed_at,
           to_char(n.telegram_attempted_at at time zone 'UTC', ${sql.raw(iso)}) as telegram_failed_at,
           n.email_attempts, n.last_error, n.telegram_error,
           ${emailGivenUpSql("n")} as email_failed, ${telegramFailedSql("n")} as telegram_failed,
           u.email, pr.telegram_username, pr.telegram_user_id::text as telegram_user_id
    from (select id from page order by id desc limit ${pageSize + 1}) p
    join notifications n on n.id = p.id
    join "user" u on u.id = n.user_id
    left join profiles pr on pr.id = n.user_id
    order by n.id desc`);
  const more = rows.length > pageSize;
  const shown = more ? rows.slice(0, pageSize) : rows;
  const deliveries = shown.flatMap((r) => {
    const base = {
      notificationId: r.id,
      userId: r.user_id,
      memberEmail: r.email,
      kind: r.kind,
      createdAt: r.created_at,
    };
    const list: FailedDelivery[] = [];
    if (r.email_failed)
      list.push({
        ...base,
        channel: "email",
        recipient: r.email,
        failedAt: r.email_failed_at,
        attempts: r.email_attempts,
        error: r.last_error,
      });
    if (r.telegram_failed)
      list.push({
        ...base,
        channel: "telegram",
        recipient: r.telegram_username
          ? `@${r.telegram_username}`
          : r.telegram_user_id
            ? `Telegram id ${r.telegram_user_id}`
            : "Telegram (no longer linked)",
        failedAt: r.telegram_failed_at,
        attempts: null,
        error: r.telegram_error,
      });
    return list;
  });
  const [counts] = (
    await db.execute<{ emails_retrying: number; telegram_queued: number }>(sql`
      select
        (select count(*) from notifications
         where email_sent_at is null and last_error is not null
           and email_attempts < ${NOTIFICATION_MAX_ATTEMPTS})::int as emails_retrying,
        (select count(*) from notifications where telegram_next_attempt_at is not null)::int as telegram_queued`)
  ).rows;
  return {
    deliveries,
    next: more ? shown.at(-1)!.id : null,
    emailsRetrying: counts?.emails_retrying ?? 0,
    telegramQueued: counts?.telegram_queued ?? 0,
  };
}
