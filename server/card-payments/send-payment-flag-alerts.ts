import { sql } from "drizzle-orm";
import { getConfig, getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { emailHtml } from "../email/layout.ts";
import { sendEmail, type Email } from "../email/send-email.ts";
import { getLogger } from "../lib/logger.ts";
import { LEASE_SECONDS, RUN_BUDGET_MS, sendBeforeDeadline } from "../lib/outbox-lease.ts";

export const PAYMENT_FLAG_ALERT_MAX_ATTEMPTS = 8;

type Claimed = { id: number; user_id: string; kind: string; detail: string; email: string; alert_attempts: number };

const subjects: Record<string, string> = {
  refund_shortfall: "Card refund larger than the member's balance",
  dispute: "Card payment disputed",
};

/**
 * Emails SUPPORT_EMAIL once for each new payment flag (a refund the balance could not cover, a
 * dispute). The flag row is the outbox: due rows are claimed with FOR UPDATE SKIP LOCKED and a
 * lease, so the webhook's immediate attempt and the job never send one alert twice; a failure is
 * retried with back-off. Without SUPPORT_EMAIL nothing is sent (the back office shows the flags).
 */
export async function sendPaymentFlagAlerts(options: {
  db: Db;
  limit?: number;
  send?: (email: Email) => Promise<unknown>;
}): Promise<{ alerted: number; failed: number }> {
  const { db, limit = 20, send = sendEmail } = options;
  const config = getConfig();
  const to = config.supportEmail;
  if (!to) return { alerted: 0, failed: 0 };
  const claimed = await db.execute<Claimed>(sql`
    with due as (
      select id from payment_flags
      where alert_sent_at is null and alert_next_attempt_at <= now()
        and alert_attempts < ${PAYMENT_FLAG_ALERT_MAX_ATTEMPTS}
      order by id
      limit ${limit}
      for update skip locked
    )
    update payment_flags f
    set alert_next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), alert_attempts = f.alert_attempts + 1
    from due, "user" u
    where f.id = due.id and u.id = f.user_id
    returning f.id, f.user_id, f.kind, f.detail, u.email, f.alert_attempts`);
  let alerted = 0;
  let failed = 0;
  await sendBeforeDeadline(claimed.rows, {
    deadline: Date.now() + RUN_BUDGET_MS,
    handBack: (rest) =>
      db.execute(sql`
        update payment_flags set alert_next_attempt_at = now(), alert_attempts = alert_attempts - 1
        where id in (${sql.join(
          rest.map((r) => sql`${r.id}`),
          sql`, `,
        )}) and alert_sent_at is null`),
    each: async (row) => {
      const url = `${getPublicOrigin()}/admin/members/${row.user_id}`;
      const subject = `${subjects[row.kind] ?? "Card payment flag"}: ${row.email}`;
      const lines = [`Member: ${row.email}`, row.detail];
      try {
        await send({
          to,
          subject,
          text: [...lines, "", `Open the member in the back office: ${url}`].join("\n"),
          html: emailHtml({
            brand: config.brandName,
            heading: subjects[row.kind] ?? "Card payment flag",
            paragraphs: lines,
            action: { label: "Open the member", url },
          }),
        });
        alerted++;
        await db.execute(
          sql`update payment_flags set alert_sent_at = now(), alert_last_error = null where id = ${row.id}`,
        );
      } catch (error) {
        failed++;
        const backoffSeconds = Math.min(3600, 30 * 2 ** (row.alert_attempts - 1));
        const lastError = (error as Error).message.slice(0, 500);
        await db.execute(sql`
          update payment_flags
          set alert_next_attempt_at = now() + make_interval(secs => ${backoffSeconds}), alert_last_error = ${lastError}
          where id = ${row.id}`);
        const details = { flag: row.id, attempt: row.alert_attempts, err: lastError };
        if (row.alert_attempts >= PAYMENT_FLAG_ALERT_MAX_ATTEMPTS)
          getLogger().error(details, "payment flag alert not sent; giving up");
        else getLogger().warn(details, "payment flag alert failed; will retry");
      }
    },
  });
  return { alerted, failed };
}
