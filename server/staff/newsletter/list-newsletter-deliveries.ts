import { sql } from "drizzle-orm";
import type { NewsletterPostDelivery } from "~/lib/view-types/admin/newsletter";
import type { DbOrTx } from "../../db/client.ts";
import { NEWSLETTER_MAX_ATTEMPTS } from "../../newsletter/delivery-limits.ts";

/** How many announced posts the section lists (the newest). */
export const DELIVERY_POSTS_SHOWN = 20;

/**
 * A delivery the sender has given up on: tried NEWSLETTER_MAX_ATTEMPTS times, never sent nor
 * skipped, and no attempt under way (a claimed row's lease keeps next_attempt_at ahead).
 */
export const failedDeliverySql = (d: string) =>
  sql.raw(
    `${d}.sent_at is null and ${d}.skipped_at is null and ${d}.attempts >= ${NEWSLETTER_MAX_ATTEMPTS} and ${d}.next_attempt_at <= now()`,
  );

/** Each announced post's new-post emails by state, newest post first. */
export async function listNewsletterDeliveries(options: { db: DbOrTx }): Promise<NewsletterPostDelivery[]> {
  const failed = failedDeliverySql("d");
  const rows = await options.db.execute<{
    post_id: number;
    title: string;
    slug: string;
    queued: number;
    retrying: number;
    sent: number;
    failed: number;
    skipped: number;
    last_error: string | null;
  }>(sql`
    select b.id as post_id, b.title, b.slug,
      count(*) filter (where d.sent_at is null and d.skipped_at is null and not (${failed}))::int as queued,
      count(*) filter (where d.sent_at is null and d.skipped_at is null and not (${failed}) and d.last_error is not null)::int as retrying,
      count(*) filter (where d.sent_at is not null)::int as sent,
      count(*) filter (where ${failed})::int as failed,
      count(*) filter (where d.sent_at is null and d.skipped_at is not null)::int as skipped,
      (array_agg(d.last_error order by d.id desc) filter (where d.last_error is not null and d.sent_at is null))[1] as last_error
    from newsletter_deliveries d
    join blog b on b.id = d.post_id
    group by b.id
    order by max(d.created_at) desc, b.id desc
    limit ${DELIVERY_POSTS_SHOWN}`);
  return rows.rows.map((r) => ({
    postId: r.post_id,
    title: r.title,
    slug: r.slug,
    queued: r.queued,
    retrying: r.retrying,
    sent: r.sent,
    failed: r.failed,
    skipped: r.skipped,
    lastError: r.last_error,
  }));
}
