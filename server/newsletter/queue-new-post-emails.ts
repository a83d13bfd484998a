import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";

/** Posts older than this are not announced: after an outage, subscribers get news, not a backlog. */
export const ANNOUNCE_WITHIN_DAYS = 7;

/**
 * Queues one email per new post per subscriber: every confirmed, still subscribed address gets
 * each post first published after it confirmed. One statement, and the (post, subscriber) pair
 * is unique, so running it again, or on several instances at once, queues nothing twice.
 */
export async function queueNewPostEmails(options: { db: DbOrTx; now?: Date }): Promise<{ queued: number }> {
  const { db, now = new Date() } = options;
  const rows = await db.execute<{ id: string }>(sql`
    insert into newsletter_deliveries (post_id, subscriber_id)
    select b.id, s.id
    from blog b
    join newsletter_subscribers s
      on s.confirmed_at is not null and s.unsubscribed_at is null and b.published_at > s.confirmed_at
    where b.published
      and b.published_at > ${now.toISOString()}::timestamptz - make_interval(days => ${ANNOUNCE_WITHIN_DAYS})
      -- Pairs already queued are left out before inserting (the conflict clause only covers a
      -- race), and one order on every instance keeps two runs from waiting on each other.
      and not exists (select 1 from newsletter_deliveries d where d.post_id = b.id and d.subscriber_id = s.id)
    order by b.id, s.id
    on conflict (post_id, subscriber_id) do nothing
    returning id::text`);
  return { queued: rows.rows.length };
}
