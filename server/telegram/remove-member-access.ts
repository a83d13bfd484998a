import type { Db } from "../db/client.ts";
import type { TelegramBot } from "./bot-type.ts";
import { botMessages } from "./messages.ts";
import { removeExpiredAccess } from "./remove-expired-access.ts";
import { dashboardUrl } from "./telegram-links.ts";

/**
 * Takes a member out of every chat the bot let them into, now, after a change to their account
 * made them no longer entitled (their Telegram link reset, or a ban). The same sweep as expired
 * subscriptions (ban then unban: removed, free to rejoin once entitled again), narrowed to this
 * member and with a message that says why. Call it after the change committed: it removes only
 * whom the database no longer entitles. A removal that fails stays recorded, and the daily
 * reconciliation removes them later.
 */
export async function removeMemberAccess(options: {
  db: Db;
  bot: TelegramBot | undefined;
  userId: string;
  reason: "telegram-reset" | "banned";
}) {
  const notice =
    options.reason === "banned"
      ? (plans: string) => botMessages.removedBanned(plans)
      : (plans: string) => botMessages.removedTelegramReset(plans, dashboardUrl());
  return removeExpiredAccess({ db: options.db, bot: options.bot, userIds: [options.userId], notice });
}
