import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/** A complimentary plan that gives the member every chat of another plan of theirs, and when it ends (null: never). */
export type ComplimentaryCover = { name: string; endsAt: Date | null };

/**
 * The member's active complimentary plan (other than `subscriptionId`) whose chats include every
 * chat of `planId`, still running at `at`: the one running longest. A plan without chats sells
 * something else and is never covered. Null when none does.
 */
export async function findComplimentaryCover(options: {
  tx: Tx;
  userId: string;
  planId: number;
  subscriptionId: string;
  at: Date;
}): Promise<ComplimentaryCover | null> {
  const { tx, userId, planId, subscriptionId, at } = options;
  const result = await tx.execute<{ name: string; ends_at: string | Date | null }>(sql`
    select p.name, c.next_billing_date as ends_at
      from subscriptions c
      join pricing p on p.id = c.plan_id
     where c.user_id = ${userId} and c.status = 'active' and c.complimentary and c.id <> ${subscriptionId}
       and (c.next_billing_date is null or c.next_billing_date > ${at.toISOString()}::timestamptz)
       and exists (select 1 from plan_telegram_chats m where m.plan_id = ${planId})
       and not exists (
             select 1 from plan_telegram_chats m
              where m.plan_id = ${planId}
                and not exists (select 1 from plan_telegram_chats o where o.plan_id = c.plan_id and o.chat_id = m.chat_id))
     order by c.next_billing_date desc nulls first
     limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  return { name: row.name, endsAt: row.ends_at === null ? null : new Date(row.ends_at) };
}
