import { sql } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { getConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { deliverOutbox, type OutboxColumns } from "../../db/deliver-outbox.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail, type Email } from "../../email/send-email.ts";
import { getLogger } from "../../lib/logger.ts";

export const INBOX_REPLY_MAX_ATTEMPTS = 8;

const REPLY_OUTBOX: OutboxColumns = {
  table: "contact_thread_entries",
  sentAt: "email_sent_at",
  nextAttemptAt: "next_attempt_at",
  attempts: "email_attempts",
  lastError: "last_error",
};

type Claimed = {
  id: number;
  attempt: number;
  body: string;
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
  const day = formatDate(new Date(row.sent_on));
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
 * Sends the inbox's replies (contact_thread_entries of kind "reply" not sent yet) as an outbox
 * (deliverOutbox): claimed with a lease, so the job and the attempt made right after a reply is
 * saved never send it twice; a failure is kept in `last_error` and retried with back-off, up to
 * INBOX_REPLY_MAX_ATTEMPTS tries. `entryId` limits the run to one reply.
 */
export async function deliverInboxReplies(options: {
  db: Db;
  entryId?: number;
  limit?: number;
  runBudgetMs?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<{ sent: number; failed: number }> {
  const { db, limit, runBudgetMs, send = sendEmail } = options;
  return deliverOutbox<Claimed>({
    db,
    outbox: REPLY_OUTBOX,
    maxAttempts: INBOX_REPLY_MAX_ATTEMPTS,
    due: sql`and kind = 'reply' ${options.entryId === undefined ? sql`` : sql`and id = ${options.entryId}`}`,
    claim: {
      from: sql`contact_submissions s`,
      where: sql`s.id = o.submission_id`,
      returning: sql`o.body, s.email as "to", s.name, s.message, s.created_at as sent_on`,
    },
    limit,
    runBudgetMs,
    send: (row) => send(inboxReplyEmail(row)),
    onFailure: (row, message) =>
      getLogger().warn({ reply: row.id, attempt: row.attempt, err: message }, "inbox reply email failed; will retry"),
  });
}
