import { sql } from "drizzle-orm";
import { getConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail, type Email } from "../../email/send-email.ts";
import { getLogger } from "../../lib/logger.ts";
import { LEASE_SECONDS, RUN_BUDGET_MS, sendBeforeDeadline } from "../../lib/outbox-lease.ts";

export const INBOX_REPLY_MAX_ATTEMPTS = 8;

type Claimed = {
  id: number;
  body: string;
  email_attempts: number;
  to: string;
  name: string;
  message: string;
  sent_on: Date | string;
};

/** A quoted block, one "> " per line, as mail clients quote. */
const quote = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");

/**
 * The reply as the sender receives it: the staff member's text, then the message it answers
 * quoted. Both are plain text; the HTML part escapes them (emailHtml), so markup in either is
 * shown as written.
 */
export function inboxReplyEmail(row: Pick<Claimed, "body" | "to" | "name" | "message" | "sent_on">): Email {
  const config = getConfig();
  const brand = config.brandName;
  const day = new Date(row.sent_on).toISOString().slice(0, 10);
  const wrote = `On ${day} you wrote:`;
  const lines = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== "");
  return {
    to: row.to,
    subject: `Re: your message to ${brand}`,
    text: `${row.body}\n\n— ${brand} support\n\n${wrote}\n${quote(row.message)}\n`,
    html: emailHtml({
      brand,
      heading: `Re: your message to ${brand}`,
      paragraphs: [...lines(row.body), `— ${brand} support`, wrote, ...lines(row.message).map((line) => `> ${line}`)],
    }),
    // An answer to this email reaches the support address, not the site's no-reply sender.
    ...(config.supportEmail ? { headers: { "Reply-To": config.supportEmail } } : {}),
  };
}

/**
 * Sends the inbox's replies (contact_thread_entries of kind "reply" not sent yet): claimed with
 * FOR UPDATE SKIP LOCKED and a lease like the other outboxes, so the job and the attempt made
 * right after a reply is saved never send it twice; a failure is kept in `last_error` and
 * retried with back-off, up to INBOX_REPLY_MAX_ATTEMPTS tries. `entryId` limits the run to one reply.
 */
export async function deliverInboxReplies(options: {
  db: Db;
  entryId?: number;
  limit?: number;
  runBudgetMs?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<{ sent: number; failed: number }> {
  const { db, limit = 20, runBudgetMs = RUN_BUDGET_MS, send = sendEmail } = options;
  const only = options.entryId === undefined ? sql`` : sql`and id = ${options.entryId}`;
  const claimed = await db.execute<Claimed>(sql`
    with due as (
      select id from contact_thread_entries
      where kind = 'reply' and email_sent_at is null and next_attempt_at <= now()
        and email_attempts < ${INBOX_REPLY_MAX_ATTEMPTS} ${only}
      order by id
      limit ${limit}
      for update skip locked
    )
    update contact_thread_entries e
    set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), email_attempts = e.email_attempts + 1
    from due, contact_submissions s
    where e.id = due.id and s.id = e.submission_id
    returning e.id, e.body, e.email_attempts, s.email as "to", s.name, s.message, s.created_at as sent_on`);
  let sent = 0;
  let failed = 0;
  await sendBeforeDeadline(claimed.rows, {
    deadline: Date.now() + runBudgetMs,
    handBack: (rest) =>
      db.execute(sql`
        update contact_thread_entries set next_attempt_at = now(), email_attempts = email_attempts - 1
        where id in (${sql.join(
          rest.map((r) => sql`${r.id}`),
          sql`, `,
        )}) and email_sent_at is null`),
    each: async (row) => {
      try {
        await send(inboxReplyEmail(row));
        await db.execute(
          sql`update contact_thread_entries set email_sent_at = now(), last_error = null where id = ${row.id}`,
        );
        sent++;
      } catch (error) {
        failed++;
        const message = String((error as Error).message).slice(0, 500);
        const backoffSeconds = Math.min(3600, 30 * 2 ** (row.email_attempts - 1));
        await db.execute(sql`
          update contact_thread_entries
          set next_attempt_at = now() + make_interval(secs => ${backoffSeconds}), last_error = ${message}
          where id = ${row.id}`);
        getLogger().warn(
          { reply: row.id, attempt: row.email_attempts, err: message },
          "inbox reply email failed; will retry",
        );
      }
    },
  });
  return { sent, failed };
}
