import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { emailHtml } from "../email/layout.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";
import { LEASE_SECONDS, RUN_BUDGET_MS, sendBeforeDeadline } from "../lib/outbox-lease.ts";
import { getTelegramBot, type TelegramBot } from "../telegram/telegram-bot.ts";

export const CONTACT_ALERT_MAX_ATTEMPTS = 8;

type Claimed = {
  id: number;
  name: string;
  email: string;
  telegram: string | null;
  message: string;
  user_id: string | null;
  alert_attempts: number;
  email_done: boolean;
  telegram_done: boolean;
};

export type ContactAlertText = { subject: string; text: string; html: string; telegram: string };

/**
 * What the staff are told of a new message. The visitor's words are plain text: escaped in the
 * HTML email, and the Telegram message is sent without a parse mode, so markup in a message is
 * shown as written, never rendered.
 */
export function contactAlertText(row: Pick<Claimed, "id" | "name" | "email" | "telegram" | "message" | "user_id">) {
  const brand = getConfig().brandName;
  const url = `${getPublicOrigin()}/admin/inbox/${row.id}`;
  const from = `${row.name} <${row.email}>`;
  const details = [
    `From: ${from}`,
    ...(row.telegram ? [`Telegram: ${row.telegram}`] : []),
    ...(row.user_id ? ["Sent while signed in as a member."] : []),
  ];
  const text = [...details, "", row.message, "", `Open it in the inbox: ${url}`].join("\n");
  return {
    subject: `New contact message from ${row.name}`,
    text,
    html: emailHtml({
      brand,
      heading: "New contact message",
      paragraphs: [...details, ...row.message.split(/\r?\n/).filter((line) => line.trim() !== "")],
      action: { label: "Open in the inbox", url },
    }),
    telegram: [`New contact message #${row.id}`, ...details, "", row.message, "", url].join("\n"),
  } satisfies ContactAlertText;
}

/**
 * Tells the staff of new contact messages: an email to SUPPORT_EMAIL and a message to
 * TELEGRAM_STAFF_CHAT (when the bot is on), each channel once. The message row is the outbox:
 * due rows are claimed with FOR UPDATE SKIP LOCKED and a lease (the job and the attempt made
 * right after a visitor's submit never send one alert twice), a failed channel is retried with
 * back-off, a sent one is never repeated. `submissionId` limits the run to one message.
 */
export async function sendContactAlerts(options: {
  db: Db;
  submissionId?: number;
  limit?: number;
  runBudgetMs?: number;
  send?: (email: Email) => Promise<unknown>;
  bot?: TelegramBot;
}): Promise<{ alerted: number; failed: number }> {
  const { db, limit = 20, runBudgetMs = RUN_BUDGET_MS, send = sendEmail } = options;
  const config = getConfig();
  const bot = "bot" in options ? options.bot : getTelegramBot();
  const staffChat = config.telegram.staffChat;
  const only = options.submissionId === undefined ? sql`` : sql`and id = ${options.submissionId}`;
  const claimed = await db.execute<Claimed>(sql`
    with due as (
      select id from contact_submissions
      where alert_sent_at is null and alert_next_attempt_at <= now()
        and alert_attempts < ${CONTACT_ALERT_MAX_ATTEMPTS} ${only}
      order by id
      limit ${limit}
      for update skip locked
    )
    update contact_submissions c
    set alert_next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), alert_attempts = c.alert_attempts + 1
    from due
    where c.id = due.id
    returning c.id, c.name, c.email, c.telegram, c.message, c.user_id, c.alert_attempts,
      c.alert_email_sent_at is not null as email_done, c.alert_telegram_sent_at is not null as telegram_done`);
  let alerted = 0;
  let failed = 0;
  await sendBeforeDeadline(claimed.rows, {
    deadline: Date.now() + runBudgetMs,
    handBack: (rest) =>
      db.execute(sql`
        update contact_submissions set alert_next_attempt_at = now(), alert_attempts = alert_attempts - 1
        where id in (${sql.join(
          rest.map((r) => sql`${r.id}`),
          sql`, `,
        )}) and alert_sent_at is null`),
    each: async (row) => {
      const alert = contactAlertText(row);
      const errors: string[] = [];
      if (config.supportEmail && !row.email_done) {
        try {
          await send({ to: config.supportEmail, subject: alert.subject, text: alert.text, html: alert.html });
          await db.execute(sql`update contact_submissions set alert_email_sent_at = now() where id = ${row.id}`);
        } catch (error) {
          errors.push(`email: ${(error as Error).message}`);
        }
      }
      if (bot && staffChat !== undefined && !row.telegram_done) {
        try {
          // No parse mode: the visitor's text is shown exactly as written.
          await bot.api.sendMessage(staffChat, alert.telegram, { link_preview_options: { is_disabled: true } });
          await db.execute(sql`update contact_submissions set alert_telegram_sent_at = now() where id = ${row.id}`);
        } catch (error) {
          errors.push(`telegram: ${(error as Error).message}`);
        }
      }
      if (errors.length === 0) {
        alerted++;
        await db.execute(
          sql`update contact_submissions set alert_sent_at = now(), alert_last_error = null where id = ${row.id}`,
        );
        return;
      }
      failed++;
      const backoffSeconds = Math.min(3600, 30 * 2 ** (row.alert_attempts - 1));
      const lastError = errors.join("; ").slice(0, 500);
      await db.execute(sql`
        update contact_submissions
        set alert_next_attempt_at = now() + make_interval(secs => ${backoffSeconds}), alert_last_error = ${lastError}
        where id = ${row.id}`);
      const log = getLogger();
      const details = { submission: row.id, attempt: row.alert_attempts, err: lastError };
      if (row.alert_attempts >= CONTACT_ALERT_MAX_ATTEMPTS) log.error(details, "contact alert not sent; giving up");
      else log.warn(details, "contact alert failed; will retry");
    },
  });
  return { alerted, failed };
}
