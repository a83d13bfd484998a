import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles, user } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { relinkTelegramUsername } from "../telegram/relink-telegram-username.ts";
import { removeMemberAccess } from "../telegram/remove-member-access.ts";
import { sendTelegramChangedEmail } from "../telegram/send-telegram-changed-email.ts";
import { getTelegramBot, type TelegramBot } from "../telegram/telegram-bot.ts";

export type TelegramChange = {
  telegramUsername: string;
  /** The new username must be verified again (false when only its letter case changed). */
  verificationReset: boolean;
};

/**
 * A member corrects their own Telegram username (User Info). A new username cuts the link to the
 * Telegram account proven for the old one (relinkTelegramUsername), in one transaction. Once
 * committed: when that old account had been proven, the bot takes it out of every chat (a
 * subscription's access follows the proven account, so it would otherwise keep access paid for
 * by this member), and the member's address is told, the one warning an owner of a taken-over
 * account gets. Neither undoes the change: a failed email is logged, a failed removal is left to
 * the daily reconciliation.
 */
export async function changeMemberTelegram(options: {
  db: Db;
  userId: string;
  username: string;
  bot?: TelegramBot;
}): Promise<TelegramChange> {
  const { db, userId, username } = options;
  const change = await db.transaction(async (tx) => {
    const relinked = await relinkTelegramUsername({ tx, userId, username, unlessSame: true });
    if (!relinked) throw new AppError("NOT_FOUND", "Profile not found.");
    const [account] = await tx
      .select({ email: user.email, firstName: profiles.firstName })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId));
    return { ...relinked, account: account! };
  });
  if (!change.cut) return { telegramUsername: username, verificationReset: false };

  const wasLinked = change.before.verified || change.before.telegramUserId !== null;
  if (wasLinked) {
    try {
      await sendTelegramChangedEmail({
        to: change.account.email,
        firstName: change.account.firstName,
        username,
        by: "member",
      });
    } catch (error) {
      getLogger().warn({ userId, err: (error as Error).message }, "dashboard: the Telegram change email failed");
    }
    await removeMemberAccess({ db, bot: options.bot ?? getTelegramBot(), userId, reason: "telegram-changed" });
  }
  return { telegramUsername: username, verificationReset: true };
}
