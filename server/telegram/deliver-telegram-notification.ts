import { and, eq, sql } from "drizzle-orm";
import { getPublicOrigin } from "../config.ts";
import type { Db } from "../db/client.ts";
import { notifications, profiles, telegramNotificationDeliveries } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import type { TelegramBot } from "./bot-type.ts";
import { renderTelegramNotification } from "./messages.ts";
import { sendAccessLinks } from "./send-access-links.ts";
import { dashboardUrl } from "./telegram-links.ts";

export type TelegramDelivery = "sent" | "skipped" | "failed";

/**
 * Sends one outbox notification (server/notifications) to the member by Telegram when their
 * account is verified; email goes out regardless. With `notificationId` the message is sent
 * once even when the email of that row is retried. A confirmed purchase is followed by the
 * access links of the new subscriptions. Never throws: Telegram is the extra channel, a
 * failure is logged and reported as "failed", and must not hold up the email.
 * "skipped" = bot off, member not verified, unknown kind or already sent.
 *
 * With `notificationId` the outcome is also written on the row (telegram_status, and
 * telegram_error for a failure) so the back office can show and retry failed deliveries; a
 * row already sent stays `sent`.
 */
export async function deliverTelegramNotification(options: {
  db: Db;
  bot: TelegramBot | undefined;
  userId: string;
  kind: string;
  payload: Record<string, string>;
  notificationId?: bigint | string;
}): Promise<TelegramDelivery> {
  const { db, bot, userId, kind, payload } = options;
  const notificationId = options.notificationId === undefined ? undefined : BigInt(options.notificationId);
  const record = (status: TelegramDelivery, error: string | null = null) =>
    notificationId === undefined ? undefined : recordTelegramStatus(db, notificationId, status, error);
  if (!bot) {
    await record("skipped");
    return "skipped";
  }
  let messageSent = false;
  try {
    if (notificationId !== undefined) {
      const [done] = await db
        .select({ id: telegramNotificationDeliveries.notificationId })
        .from(telegramNotificationDeliveries)
        .where(eq(telegramNotificationDeliveries.notificationId, notificationId));
      if (done) {
        await record("sent");
        return "skipped";
      }
    }
    const [member] = await db
      .select({ telegramUserId: profiles.telegramUserId })
      .from(profiles)
      .where(and(eq(profiles.id, userId), eq(profiles.telegramVerified, true)));
    const text = renderTelegramNotification(kind, payload, {
      dashboardUrl: dashboardUrl(),
      siteUrl: getPublicOrigin(),
    });
    if (!member?.telegramUserId || !text) {
      await record("skipped");
      return "skipped";
    }

    await bot.api.sendMessage(Number(member.telegramUserId), text, { link_preview_options: { is_disabled: true } });
    messageSent = true;
    if (notificationId !== undefined) {
      await db.insert(telegramNotificationDeliveries).values({ notificationId }).onConflictDoNothing();
    }
    await record("sent");
    if (kind === "purchase_confirmed" || kind === "trial_started") await sendAccessLinks({ db, bot, userId });
    return "sent";
  } catch (error) {
    const message = (error as Error).message;
    getLogger().warn({ userId, kind, err: message }, "telegram: notification not sent");
    // A failure after the message went out (the access links) leaves the row `sent`.
    await (messageSent ? record("sent") : record("failed", message));
    return "failed";
  }
}

/**
 * Writes a delivery's outcome on its notification row. Never throws: the status is for the
 * back office to read, and losing it must not hold up the email.
 */
async function recordTelegramStatus(db: Db, notificationId: bigint, status: TelegramDelivery, error: string | null) {
  try {
    await db
      .update(notifications)
      // An outcome also ends a retry staff queued (deliver-telegram-retries.ts).
      .set({
        telegramStatus: status,
        telegramError: error === null ? null : error.slice(0, 500),
        telegramNextAttemptAt: null,
        // The failed-deliveries page shows when a copy failed: the time of its last try.
        telegramAttemptedAt: sql`now()`,
      })
      .where(eq(notifications.id, notificationId));
  } catch (err) {
    getLogger().warn(
      { notification: String(notificationId), err: (err as Error).message },
      "telegram status not recorded",
    );
  }
}
