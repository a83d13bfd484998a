import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { deliverOutbox } from "../db/deliver-outbox.ts";
import { emailHtml } from "../email/layout.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";

export const PAYMENT_FLAG_ALERT_MAX_ATTEMPTS = 8;

type Claimed = { id: number; attempt: number; user_id: string; kind: string; detail: string; email: string };

const headings: Record<string, string> = {
  refund_shortfall: "Card refund larger than the member's balance",
  dispute: "Card payment disputed",
};

/**
 * Emails SUPPORT_EMAIL once for each new payment flag (a refund the balance could not cover, a
 * dispute). The flag row is the outbox (deliverOutbox): the webhook's immediate attempt and the
 * job never send one alert twice, and a failure is retried with back-off; a flag resolved
 * meanwhile is not announced. Without SUPPORT_EMAIL nothing is sent: the back office shows the
 * flags either way.
 */
export async function sendPaymentFlagAlerts(options: {
  db: Db;
  limit?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<{ sent: number; failed: number }> {
  const { db, send = sendEmail } = options;
  const config = getConfig();
  const to = config.supportEmail;
  if (!to) return { sent: 0, failed: 0 };
  return deliverOutbox<Claimed>({
    db,
    outbox: {
      table: "payment_flags",
      sentAt: "alert_sent_at",
      nextAttemptAt: "alert_next_attempt_at",
      attempts: "alert_attempts",
      lastError: "alert_last_error",
    },
    maxAttempts: PAYMENT_FLAG_ALERT_MAX_ATTEMPTS,
    // A flag an operator resolved before its alert went out (the mail server was down) needs
    // nobody's attention any more: it is not announced late.
    due: sql`and resolved_at is null`,
    claim: { from: sql`"user" u`, where: sql`u.id = o.user_id`, returning: sql`o.user_id, o.kind, o.detail, u.email` },
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    send: async (row) => {
      const url = `${getPublicOrigin()}/admin/members/${row.user_id}`;
      const heading = headings[row.kind] ?? "Card payment flag";
      const lines = [`Member: ${row.email}`, row.detail];
      await send({
        to,
        subject: `${heading}: ${row.email}`,
        text: [...lines, "", `Open the member in the back office: ${url}`].join("\n"),
        html: emailHtml({
          brand: config.brandName,
          heading,
          paragraphs: lines,
          action: { label: "Open the member", url },
        }),
      });
    },
    onFailure: (row, message) => {
      const details = { flag: row.id, attempt: row.attempt, err: message };
      if (row.attempt >= PAYMENT_FLAG_ALERT_MAX_ATTEMPTS)
        getLogger().error(details, "payment flag alert not sent; giving up");
      else getLogger().warn(details, "payment flag alert failed; will retry");
    },
  });
}
