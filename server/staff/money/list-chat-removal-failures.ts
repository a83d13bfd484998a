import { sql } from "drizzle-orm";
import type { ChatRemovalFailures } from "~/lib/view-types/admin/money";
import type { DbOrTx } from "../../db/client.ts";

type Row = {
  chat_id: string;
  telegram_user_id: string;
  user_id: string | null;
  email: string | null;
  plans: string | null;
  attempts: number;
  error: string;
  failed_at: string;
  next_at: string;
  total: number;
};

const iso = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Removals from the paid chats that failed and wait for their retry (the bot lost its rights in
 * a chat, Telegram refused or was unreachable), the latest failure first, with Telegram's answer
 * and when the renewal job tries again. A member entitled again is cleared by the job's next
 * sweep, so is not listed for long. Read through telegram_chat_members_removal_idx (only rows
 * with a removal under way or failed): empty as a rule.
 */
export async function listChatRemovalFailures(options: { db: DbOrTx; limit?: number }): Promise<ChatRemovalFailures> {
  const { db, limit = 50 } = options;
  const { rows } = await db.execute<Row>(sql`
    select m.chat_id::text, m.telegram_user_id::text, m.user_id, u.email,
           (select string_agg(distinct p.name, ', ' order by p.name) from plan_telegram_chats c
            join pricing p on p.id = c.plan_id where c.chat_id = m.chat_id) as plans,
           m.removal_attempts as attempts, m.removal_error as error,
           to_char(m.removal_failed_at at time zone 'UTC', ${sql.raw(iso)}) as failed_at,
           to_char(m.removal_next_at at time zone 'UTC', ${sql.raw(iso)}) as next_at,
           (count(*) over ())::int as total
    from telegram_chat_members m
    left join "user" u on u.id = m.user_id
    where m.removal_next_at is not null and m.removal_error is not null
    order by m.removal_failed_at desc, m.chat_id, m.telegram_user_id
    limit ${limit}`);
  return {
    rows: rows.map((r) => ({
      chatId: r.chat_id,
      telegramUserId: r.telegram_user_id,
      userId: r.user_id,
      email: r.email,
      plans: r.plans,
      attempts: Number(r.attempts),
      error: r.error,
      failedAt: r.failed_at,
      nextAttemptAt: r.next_at,
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
  };
}
