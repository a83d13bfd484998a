import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { emailHtml } from "../email/layout.ts";
import { maskAddress, sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";
import { createUnsubscribeToken } from "./unsubscribe-token.ts";

const MAX_ATTEMPTS = 6;
// A claimed row is leased for this long; a process that dies mid-send releases it by expiry.
const LEASE = "5 minutes";

type Claimed = {
  id: string;
  attempts: number;
  email: string;
  subscriber_id: number;
  subscribed: boolean;
  slug: string;
  title: string;
  excerpt: string;
  published: boolean;
};

/**
 * Sends queued new-post emails (at least once), the way notifications are delivered: rows are
 * claimed with FOR UPDATE SKIP LOCKED and a lease, failures back off exponentially and stop
 * after MAX_ATTEMPTS. A subscriber who left, or a post unpublished, before its turn is skipped.
 */
export async function sendNewPostEmails(options: {
  db: Db;
  limit?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<{ sent: number; skipped: number; failed: number }> {
  const { db, limit = 20, send = sendEmail } = options;
  const config = getConfig();
  const siteUrl = getPublicOrigin();
  const claimed = await db.execute<Claimed>(sql`
    with due as (
      select id from newsletter_deliveries
      where sent_at is null and skipped_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
      order by id
      limit ${limit}
      for update skip locked
    )
    update newsletter_deliveries d
    set next_attempt_at = now() + interval '${sql.raw(LEASE)}', attempts = d.attempts + 1
    from due, newsletter_subscribers s, blog b
    where d.id = due.id and s.id = d.subscriber_id and b.id = d.post_id
    returning d.id::text as id, d.attempts, s.email, s.id as subscriber_id,
      (s.confirmed_at is not null and s.unsubscribed_at is null) as subscribed,
      b.slug, b.title, b.excerpt, b.published`);

  let sent = 0;
  let skipped = 0;
  let failed = 0;
  for (const row of claimed.rows) {
    if (!row.subscribed || !row.published) {
      await db.execute(sql`update newsletter_deliveries set skipped_at = now() where id = ${row.id}::bigint`);
      skipped++;
      continue;
    }
    try {
      await send(newPostEmail({ row, siteUrl, brandName: config.brandName }));
      await db.execute(sql`update newsletter_deliveries set sent_at = now(), last_error = null where id = ${row.id}::bigint`);
      sent++;
    } catch (error) {
      failed++;
      const backoffSeconds = Math.min(3600, 60 * 2 ** (row.attempts - 1));
      const message = String((error as Error).message).slice(0, 500);
      await db.execute(sql`
        update newsletter_deliveries
        set next_attempt_at = now() + make_interval(secs => ${backoffSeconds}), last_error = ${message}
        where id = ${row.id}::bigint`);
      getLogger().warn({ delivery: row.id, to: maskAddress(row.email), attempt: row.attempts, err: message }, "new-post email failed; will retry");
    }
  }
  return { sent, skipped, failed };
}

function newPostEmail(options: { row: Claimed; siteUrl: string; brandName: string }): Email {
  const { row, siteUrl, brandName } = options;
  const articleUrl = `${siteUrl}/blog/${row.slug}`;
  const unsubscribeUrl = `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(row.subscriber_id))}`;
  const why = `You get this email because you subscribed to new posts on the ${brandName} blog.`;
  return {
    to: row.email,
    subject: row.title,
    text: `${row.title}\n\n${row.excerpt}\n\nRead the article: ${articleUrl}\n\n--\n${why}\nUnsubscribe: ${unsubscribeUrl}\n`,
    html: emailHtml({
      brand: brandName,
      heading: row.title,
      paragraphs: row.excerpt ? [row.excerpt] : [],
      action: { label: "Read the article", url: articleUrl },
      footnote: { text: why, linkLabel: "Unsubscribe", url: unsubscribeUrl },
    }),
    // RFC 2369 and RFC 8058: mail apps show an unsubscribe button that posts to this address.
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
