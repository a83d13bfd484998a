import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles, telegramNotificationDeliveries } from "../db/schema.ts";
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
  if (!bot) return "skipped";
  const notificationId = options.notificationId === undefined ? undefined : BigInt(options.notificationId);
  try {
    if (notificationId !== undefined) {
      const [done] = await db
        .select({ id: telegramNotificationDeliveries.notificationId })
        .from(telegramNotificationDeliveries)
        .where(eq(telegramNotificationDeliveries.notificationId, notificationId));
      if (done) return "skipped";
    }
    const [member] = await db
      .select({ telegramUserId: profiles.telegramUserId })
      .from(profiles)
      .where(and(eq(profiles.id, userId), eq(profiles.telegramVerified, true)));
    const text = renderTelegramNotification(kind, payload, dashboardUrl());
    if (!member?.telegramUserId || !text) return "skipped";

    await bot.api.sendMessage(Number(member.telegramUserId), text, { link_preview_options: { is_disabled: true } });
    if (notificationId !== undefined) {
      await db.insert(telegramNotificationDeliveries).values({ notificationId }).onConflictDoNothing();
    }
    if (kind === "purchase_confirmed") await sendAccessLinks({ db, bot, userId });
    return "sent";
  } catch (error) {
    getLogger().warn({ userId, kind, err: (error as Error).message }, "telegram: notification not sent");
    return "failed";
  }
}
