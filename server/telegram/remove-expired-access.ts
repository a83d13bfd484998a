import { eq, inArray } from "drizzle-orm";
import { GrammyError } from "grammy";
import type { Db } from "../db/client.ts";
import { planTelegramChats, subscriptions } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import type { TelegramBot } from "./bot-type.ts";
import { listStaleChatMembers, type StaleMember } from "./entitlements.ts";
import { botMessages } from "./messages.ts";
import { claimRemoval, clearObsoleteRemovals, failRemoval, finishRemoval } from "./removal-claims.ts";
import { dashboardUrl } from "./telegram-links.ts";

/**
 * Removes from the paid chats everyone the bot let in who is no longer entitled (subscription
 * expired or lapsed, account verified elsewhere): a ban of ten minutes then an unban at once,
 * which removes them and lets them rejoin after paying (the ban's end bounds it if the unban
 * fails); then tells them why, with a link to the dashboard.
 * `subscriptionIds` narrows the sweep to those subscriptions' members and chats (the renewal
 * job's results); `endedSince` to members whose subscription ended since then and failed
 * removals due again (the renewal job's sweep every minute); without either every recorded
 * member is checked. Administrators are never removed; someone who already left is simply
 * forgotten. Each removal is claimed on its row first, so concurrent sweeps act once. A
 * failure (Telegram unreachable, the bot lost its admin rights) keeps the row with the error
 * and is retried after a back-off (1 minute, doubling to an hour; see removal-claims.ts).
 * No-op when the bot is off.
 */
export async function removeExpiredAccess(options: {
  db: Db;
  bot: TelegramBot | undefined;
  subscriptionIds?: string[];
  /** Only these members (their account changed: Telegram reset, banned), in every chat. */
  userIds?: string[];
  /** Only members whose subscription ended since then, and failed removals due again. */
  endedSince?: Date;
  /** The sweep's clock (back-offs are measured from it); now by default. */
  now?: Date;
  /** What the removed person is told; by default that their subscription ended. */
  notice?: (plans: string) => string;
}): Promise<{ removed: number; failed: number }> {
  const { db, bot, subscriptionIds, endedSince, now = new Date() } = options;
  const result = { removed: 0, failed: 0 };
  if (!bot || (subscriptionIds && subscriptionIds.length === 0)) return result;
  if (options.userIds?.length === 0) return result;
  let filter: { userIds?: string[]; chatIds?: number[] } = options.userIds ? { userIds: options.userIds } : {};
  if (subscriptionIds) {
    const scope = await db
      .select({ userId: subscriptions.userId, chatId: planTelegramChats.chatId })
      .from(subscriptions)
      .innerJoin(planTelegramChats, eq(planTelegramChats.planId, subscriptions.planId))
      .where(inArray(subscriptions.id, subscriptionIds));
    if (scope.length === 0) return result;
    filter = { userIds: [...new Set(scope.map((s) => s.userId))], chatIds: [...new Set(scope.map((s) => s.chatId))] };
  }
  if (!options.userIds && !subscriptionIds) await clearObsoleteRemovals({ db });
  for (const stale of await listStaleChatMembers({ db, filter: { ...filter, endedSince, now } })) {
    if (!(await claimRemoval({ db, key: stale, now }))) continue;
    let removed: boolean;
    try {
      removed = await removeFromChat(bot, stale);
    } catch (error) {
      if (!isGone(error)) {
        result.failed++;
        const message = (error as Error).message;
        const retry = await failRemoval({ db, key: stale, error: message, now });
        getLogger().warn(
          { chatId: stale.chatId, telegramUserId: stale.telegramUserId, err: message, ...retry },
          "telegram: removal failed; will retry",
        );
        continue;
      }
      removed = false;
    }
    await finishRemoval({ db, key: stale });
    if (!removed) continue;
    result.removed++;
    await bot.api
      .sendMessage(
        stale.telegramUserId,
        options.notice?.(stale.plans) ?? botMessages.removed(stale.plans, dashboardUrl()),
        {
          link_preview_options: { is_disabled: true },
        },
      )
      .catch((error: unknown) =>
        getLogger().warn(
          { telegramUserId: stale.telegramUserId, err: (error as Error).message },
          "telegram: could not tell a removed member",
        ),
      );
  }
  if (result.removed > 0 || result.failed > 0) getLogger().info(result, "telegram: expired access removed");
  return result;
}

/**
 * How long the ban that removes someone lasts if the unban right after it never lands. Telegram
 * lifts a ban by itself at its end (in supergroups and channels, which chats joined by request
 * are); under 30 seconds or over 366 days it would be for ever. Ten minutes leave room for a
 * clock several minutes apart from Telegram's.
 */
export const REMOVAL_BAN_SECONDS = 10 * 60;

/** True when the person was removed; false when there was nothing to do (left already, or an admin). */
async function removeFromChat(bot: TelegramBot, stale: StaleMember): Promise<boolean> {
  const member = await bot.api.getChatMember(stale.chatId, stale.telegramUserId);
  if (member.status === "left" || member.status === "kicked") return false;
  if (member.status === "creator" || member.status === "administrator") return false;
  if (member.status === "restricted" && !member.is_member) return false;
  // Telegram's clock, not the sweep's (a test's or a late run's): the end must lie ahead of it.
  const until = Math.floor(Date.now() / 1000) + REMOVAL_BAN_SECONDS;
  await bot.api.banChatMember(stale.chatId, stale.telegramUserId, { until_date: until });
  // Once the ban holds, the person is out: the removal is done. The unban only lets them back
  // sooner; if it fails the ban ends by itself, so it is neither retried nor counted as failed
  // (a retry would find them "kicked" and do nothing anyway).
  await bot.api
    .unbanChatMember(stale.chatId, stale.telegramUserId, { only_if_banned: true })
    .catch((error: unknown) =>
      getLogger().warn(
        { chatId: stale.chatId, telegramUserId: stale.telegramUserId, err: (error as Error).message, until },
        "telegram: removed, but the unban failed; the ban ends by itself",
      ),
    );
  return true;
}

/** The chat or the user no longer exists for the bot: nothing to remove. */
function isGone(error: unknown) {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /chat not found|user not found|PARTICIPANT_ID_INVALID|USER_ID_INVALID/i.test(error.description)
  );
}
