import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { emailHtml } from "../email/layout.ts";
import { maskAddress, sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";
import { LEASE_SECONDS, RUN_BUDGET_MS, sendBeforeDeadline } from "../lib/outbox-lease.ts";
import {
  NEWSLETTER_MAX_ATTEMPTS as MAX_ATTEMPTS,
  NEWSLETTER_MAX_BACKOFF_SECONDS as MAX_BACKOFF_SECONDS,
} from "./delivery-limits.ts";
import { createUnsubscribeToken } from "./unsubscribe-token.ts";

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

type Outcome = { sent: number; skipped: number; failed: number };

/**
 * Sends queued new-post emails (at least once), the way member notifications are delivered:
 * batches claimed with FOR UPDATE SKIP LOCKED and a lease, failures backed off exponentially up
 * to MAX_ATTEMPTS. Batches follow each other until nothing is due or the run's time is up. A
 * subscriber who left, or a post taken down, before its turn is skipped.
 */
export async function sendNewPostEmails(options: {
  db: Db;
  batchSize?: number;
  runBudgetMs?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<Outcome> {
  const { db, batchSize = 20, runBudgetMs = RUN_BUDGET_MS, send = sendEmail } = options;
  const deadline = Date.now() + runBudgetMs;
  const total: Outcome = { sent: 0, skipped: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(db, batchSize);
    const finished = await sendBeforeDeadline(claimed, {
      deadline,
      each: async (row) => void total[await deliver(db, row, send)]++,
      handBack: (rest) =>
        db.execute(sql`
          update newsletter_deliveries set next_attempt_at = now(), attempts = attempts - 1
          where id in (${sql.join(
            rest.map((r) => sql`${r.id}::bigint`),
            sql`, `,
          )}) and sent_at is null`),
    });
    if (!finished || claimed.length < batchSize) return total;
  }
}

async function claimDue(db: Db, limit: number): Promise<Claimed[]> {
  const claimed = await db.execute<Claimed>(sql`
    with due as (
      select id from newsletter_deliveries
      where sent_at is null and skipped_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
      order by id
      limit ${limit}
      for update skip locked
    )
    update newsletter_deliveries d
    set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
    from due, newsletter_subscribers s, blog b
    where d.id = due.id and s.id = d.subscriber_id and b.id = d.post_id
    returning d.id::text as id, d.attempts, s.email, s.id as subscriber_id,
      (s.confirmed_at is not null and s.unsubscribed_at is null) as subscribed,
      b.slug, b.title, b.excerpt, b.published`);
  return claimed.rows;
}

async function deliver(db: Db, row: Claimed, send: (email: Email) => Promise<unknown>): Promise<keyof Outcome> {
  if (!row.subscribed || !row.published) {
    await db.execute(
      sql`update newsletter_deliveries set skipped_at = now() where id = ${row.id}::bigint and sent_at is null`,
    );
    return "skipped";
  }
  const config = getConfig();
  try {
    await send(newPostEmail({ row, siteUrl: getPublicOrigin(), brandName: config.brandName }));
  } catch (error) {
    const message = String((error as Error).message).slice(0, 500);
    // After the last attempt nothing waits: the row is failed at once (the back office can retry it).
    const backoffSeconds =
      row.attempts >= MAX_ATTEMPTS ? 0 : Math.min(MAX_BACKOFF_SECONDS, 60 * 2 ** (row.attempts - 1));
    await db.execute(sql`
      update newsletter_deliveries
      set next_attempt_at = now() + make_interval(secs => ${backoffSeconds}), last_error = ${message}
      where id = ${row.id}::bigint and sent_at is null`);
    const log = { delivery: row.id, to: maskAddress(row.email), attempt: row.attempts, err: message };
    if (row.attempts >= MAX_ATTEMPTS) getLogger().error(log, "new-post email failed for the last time; giving up");
    else getLogger().warn(log, "new-post email failed; will retry");
    return "failed";
  }
  // Sent: recording it is not part of the attempt. Should this write fail, the lease runs out and
  // the email goes again (at least once), which beats counting a sent email as failed.
  await db.execute(
    sql`update newsletter_deliveries set sent_at = now(), last_error = null where id = ${row.id}::bigint`,
  );
  return "sent";
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
