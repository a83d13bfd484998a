import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { deliverOutbox, type OutboxColumns } from "../db/deliver-outbox.ts";
import { emailHtml } from "../email/layout.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";
import { getTelegramBot, type TelegramBot } from "../telegram/telegram-bot.ts";

export const CONTACT_ALERT_MAX_ATTEMPTS = 8;

const ALERT_OUTBOX: OutboxColumns = {
  table: "contact_submissions",
  sentAt: "alert_sent_at",
  nextAttemptAt: "alert_next_attempt_at",
  attempts: "alert_attempts",
  lastError: "alert_last_error",
};

type Claimed = {
  id: number;
  attempt: number;
  name: string;
  email: string;
  telegram: string | null;
  message: string;
  user_id: string | null;
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

/** A channel's error as the message's page shows it: the message, bounded like the outbox's. */
const channelError = (error: unknown) => String((error as Error).message).slice(0, 500);

/**
 * Tells the staff of new contact messages: an email to SUPPORT_EMAIL and a message to
 * TELEGRAM_STAFF_CHAT (when the bot is on), each channel once. The message row is the outbox
 * (deliverOutbox: claimed with a lease, so the job and the attempt made right after a visitor's
 * submit never send one alert twice); a failed channel is retried with back-off, a sent one is
 * never repeated. `submissionId` limits the run to one message.
 */
export async function sendContactAlerts(options: {
  db: Db;
  submissionId?: number;
  limit?: number;
  runBudgetMs?: number;
  send?: (email: Email) => Promise<unknown>;
  bot?: TelegramBot;
}): Promise<{ alerted: number; failed: number }> {
  const { db, limit, runBudgetMs, send = sendEmail } = options;
  const config = getConfig();
  const bot = "bot" in options ? options.bot : getTelegramBot();
  const staffChat = config.telegram.staffChat;
  const { sent, failed } = await deliverOutbox<Claimed>({
    db,
    outbox: ALERT_OUTBOX,
    maxAttempts: CONTACT_ALERT_MAX_ATTEMPTS,
    due: options.submissionId === undefined ? undefined : sql`and id = ${options.submissionId}`,
    claim: {
      returning: sql`o.name, o.email, o.telegram, o.message, o.user_id,
        o.alert_email_sent_at is not null as email_done, o.alert_telegram_sent_at is not null as telegram_done`,
    },
    limit,
    runBudgetMs,
    send: async (row) => {
      const alert = contactAlertText(row);
      const errors: string[] = [];
      if (config.supportEmail && !row.email_done) {
        try {
          await send({ to: config.supportEmail, subject: alert.subject, text: alert.text, html: alert.html });
          await db.execute(
            sql`update contact_submissions set alert_email_sent_at = now(), alert_email_error = null where id = ${row.id}`,
          );
        } catch (error) {
          const message = channelError(error);
          errors.push(`email: ${message}`);
          await db.execute(sql`update contact_submissions set alert_email_error = ${message} where id = ${row.id}`);
        }
      }
      if (bot && staffChat !== undefined && !row.telegram_done) {
        try {
          // No parse mode: the visitor's text is shown exactly as written.
          await bot.api.sendMessage(staffChat, alert.telegram, { link_preview_options: { is_disabled: true } });
          await db.execute(
            sql`update contact_submissions set alert_telegram_sent_at = now(), alert_telegram_error = null where id = ${row.id}`,
          );
        } catch (error) {
          const message = channelError(error);
          errors.push(`telegram: ${message}`);
          await db.execute(sql`update contact_submissions set alert_telegram_error = ${message} where id = ${row.id}`);
        }
      }
      // A channel that failed fails the row: it is retried, and only the channels not sent yet go again.
      if (errors.length > 0) throw new Error(errors.join("; "));
    },
    onFailure: (row, lastError) => {
      const log = getLogger();
      const details = { submission: row.id, attempt: row.attempt, err: lastError };
      if (row.attempt >= CONTACT_ALERT_MAX_ATTEMPTS) log.error(details, "contact alert not sent; giving up");
      else log.warn(details, "contact alert failed; will retry");
    },
  });
  return { alerted: sent, failed };
}
