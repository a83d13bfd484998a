import type { Db } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { consumeRateLimit } from "../security/rate-limit.ts";
import type { TelegramBot } from "./bot-type.ts";
import { forgetChatMember, listEntitledAccess, recordChatMember } from "./entitlements.ts";
import { removeExpiredAccess } from "./remove-expired-access.ts";
import { sendAccessLinks } from "./send-access-links.ts";

export type ReconcileResult = {
  removed: number;
  failed: number;
  present: number;
  linksSent: number;
  membersMissing: number;
};

/**
 * The daily check (and `npm run ops -- telegram-reconcile`) that chats and subscriptions
 * agree: everyone the bot let in without an active subscription is removed, and every
 * verified member with an active subscription who is not in a chat of it gets their links
 * again. Presence is read from Telegram (getChatMember), so members approved while the bot
 * was down are recorded too. Someone an administrator banned is left banned. No-op when the
 * bot is off.
 */
export async function reconcileTelegramAccess(options: {
  db: Db;
  bot: TelegramBot | undefined;
}): Promise<ReconcileResult> {
  const { db, bot } = options;
  const result: ReconcileResult = { removed: 0, failed: 0, present: 0, linksSent: 0, membersMissing: 0 };
  if (!bot) return result;
  const log = getLogger();
  const removal = await removeExpiredAccess({ db, bot });
  result.removed = removal.removed;
  result.failed = removal.failed;

  const missing = new Map<string, number[]>();
  for (const access of await listEntitledAccess({ db })) {
    const telegramUserId = Number(access.telegramUserId);
    const key = { chatId: access.chatId, telegramUserId };
    try {
      const member = await bot.api.getChatMember(access.chatId, telegramUserId);
      const inChat =
        member.status === "creator" ||
        member.status === "administrator" ||
        member.status === "member" ||
        (member.status === "restricted" && member.is_member);
      if (inChat) {
        result.present++;
        await recordChatMember({ db, row: { ...key, userId: access.userId } });
        continue;
      }
      await forgetChatMember({ db, row: key });
      if (member.status === "kicked") continue;
      missing.set(access.userId, [...(missing.get(access.userId) ?? []), access.chatId]);
    } catch (error) {
      result.failed++;
      log.warn(
        { chatId: access.chatId, err: (error as Error).message },
        "telegram: reconcile could not check a member",
      );
    }
  }
  for (const [userId, chatIds] of missing) {
    result.membersMissing++;
    result.linksSent += (await sendAccessLinks({ db, bot, userId, chatIds })).sent;
  }
  log.info(result, "telegram: access reconciled");
  return result;
}

/**
 * The daily job for every instance: the first instance to claim the day (a shared counter in
 * `rate_limits`, reset after 20 hours) reconciles, the others skip, so members are not sent
 * their links once per instance. Schedule it hourly; the ops command calls
 * reconcileTelegramAccess directly.
 */
export async function runDailyTelegramReconcile(options: {
  db: Db;
  bot: TelegramBot | undefined;
}): Promise<ReconcileResult> {
  if (!options.bot) return { removed: 0, failed: 0, present: 0, linksSent: 0, membersMissing: 0 };
  const claim = await consumeRateLimit({
    db: options.db,
    key: "job:telegram-reconcile",
    limit: 1,
    windowSeconds: 20 * 60 * 60,
  });
  if (!claim.allowed) return { removed: 0, failed: 0, present: 0, linksSent: 0, membersMissing: 0 };
  return reconcileTelegramAccess(options);
}
