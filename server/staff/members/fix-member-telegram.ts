import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { getLogger } from "../../lib/logger.ts";
import { relinkTelegramUsername } from "../../telegram/relink-telegram-username.ts";
import { removeMemberAccess } from "../../telegram/remove-member-access.ts";
import { sendTelegramChangedEmail } from "../../telegram/send-telegram-changed-email.ts";
import { getTelegramBot, type TelegramBot } from "../../telegram/telegram-bot.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { MEMBER_GONE } from "./add-member-note.ts";

/**
 * Support corrects a member's Telegram username. The link to the old Telegram account goes with
 * it (verified off, proven id and pending code cleared), audited before → after in the same
 * transaction. Then, once committed: the member is emailed, and the bot takes that Telegram
 * account out of every chat until the member verifies again. The email and the removal run after
 * the commit and never undo it: a failed email is logged and reported in the answer; a failed
 * removal is left to the daily reconciliation, which removes whoever is no longer entitled.
 */
export async function fixMemberTelegram(options: {
  db: Db;
  memberId: string;
  username: string;
  actor: StaffActor;
  bot?: TelegramBot;
}) {
  const { db, memberId, username, actor } = options;
  const member = await db.transaction(async (tx) => {
    const relinked = await relinkTelegramUsername({ tx, userId: memberId, username });
    if (!relinked) throw new AppError("NOT_FOUND", MEMBER_GONE);
    const [account] = await tx
      .select({ email: user.email, firstName: profiles.firstName })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, memberId));
    await recordAuditEvent({
      tx,
      actor,
      action: "member.telegram-fix",
      target: { type: "member", id: memberId },
      summary: `Changed the Telegram username to @${username}; verification reset`,
      before: {
        telegramUsername: relinked.before.username,
        telegramVerified: relinked.before.verified,
        telegramUserId: relinked.before.telegramUserId,
      },
      after: { telegramUsername: username, telegramVerified: false, telegramUserId: null },
    });
    return account!;
  });
  let emailed = true;
  try {
    await sendTelegramChangedEmail({ to: member.email, firstName: member.firstName, username, by: "support" });
  } catch (error) {
    emailed = false;
    getLogger().warn({ memberId, err: (error as Error).message }, "staff: the Telegram reset email failed");
  }
  const removal = await removeMemberAccess({
    db,
    bot: options.bot ?? getTelegramBot(),
    userId: memberId,
    reason: "telegram-reset",
  });
  return { emailed, removed: removal.removed, removalFailed: removal.failed };
}
