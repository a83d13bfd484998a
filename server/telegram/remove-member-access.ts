import type { Db } from "../db/client.ts";
import type { TelegramBot } from "./bot-type.ts";
import { botMessages } from "./messages.ts";
import { removeExpiredAccess } from "./remove-expired-access.ts";
import { dashboardUrl } from "./telegram-links.ts";

/**
 * Takes a member out of every chat the bot let them into, now, after a change to their account
 * made them no longer entitled (their Telegram link reset, a ban, or the member deleting the account). The same sweep as expired
 * subscriptions (ban then unban: removed, free to rejoin once entitled again), narrowed to this
 * member and with a message that says why. Call it after the change committed: it removes only
 * whom the database no longer entitles. A removal that fails stays recorded with its error and
 * is retried by the renewal job's sweep after its back-off.
 */
export async function removeMemberAccess(options: {
  db: Db;
  bot: TelegramBot | undefined;
  userId: string;
  /** Why, for the message the member gets: support reset the link, the member changed it, a ban, or a deletion. */
  reason: "telegram-reset" | "telegram-changed" | "banned" | "deleted";
}) {
  const notices = {
    banned: (plans: string) => botMessages.removedBanned(plans),
    deleted: (plans: string) => botMessages.removedDeleted(plans),
    "telegram-reset": (plans: string) => botMessages.removedTelegramReset(plans, dashboardUrl()),
    "telegram-changed": (plans: string) => botMessages.removedTelegramChanged(plans, dashboardUrl()),
  };
  const notice = notices[options.reason];
  return removeExpiredAccess({ db: options.db, bot: options.bot, userIds: [options.userId], notice });
}
