import { eq } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import type { Db } from "../../db/client.ts";
import { session, user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { removeMemberAccess } from "../../telegram/remove-member-access.ts";
import { getTelegramBot, type TelegramBot } from "../../telegram/telegram-bot.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { MEMBER_GONE } from "./add-member-note.ts";

export const ALREADY_BANNED = "This member is already banned.";
export const NOT_BANNED = "This member is not banned.";
export const STAFF_NOT_BANNED = "A staff account cannot be banned here: remove its role on the Staff page first.";

/**
 * Bans or unbans a member (Better Auth's `user.banned`, which refuses every sign-in).
 * A ban ends every session in the same transaction as the flag and its audit row, so the
 * member is out on their next request; renewals skip them (server/billing/renew-subscription.ts)
 * and the bot no longer entitles them to any chat. After the commit, the bot removes them from
 * every chat they are in. An unban gives back sign-in only: sessions, subscriptions and chats
 * come back only as the member acts (signs in, subscribes, verifies, asks for links).
 */
export async function setMemberBanned(options: {
  db: Db;
  memberId: string;
  banned: boolean;
  reason?: string;
  actor: StaffActor;
  bot?: TelegramBot;
}) {
  const { db, memberId, banned, actor } = options;
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ banned: user.banned, banReason: user.banReason, role: user.role })
      .from(user)
      .where(eq(user.id, memberId))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", MEMBER_GONE);
    const was = row.banned === true;
    if (banned && was) throw new AppError("CONFLICT", ALREADY_BANNED);
    if (!banned && !was) throw new AppError("CONFLICT", NOT_BANNED);
    if (banned && isStaffRole(row.role)) throw new AppError("CONFLICT", STAFF_NOT_BANNED);
    const reason = banned ? (options.reason ?? "") : null;
    await tx
      .update(user)
      .set({ banned, banReason: reason, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, memberId));
    const sessions = banned
      ? await tx.delete(session).where(eq(session.userId, memberId)).returning({ id: session.id })
      : [];
    await recordAuditEvent({
      tx,
      actor,
      action: banned ? "member.ban" : "member.unban",
      target: { type: "member", id: memberId },
      summary: banned
        ? `Banned the member (${sessions.length === 1 ? "1 session" : `${sessions.length} sessions`} ended)`
        : "Unbanned the member",
      before: { banned: was, banReason: row.banReason },
      after: { banned, banReason: reason },
    });
    return sessions.length;
  });
  if (!banned) return { banned, sessionsEnded: 0, removed: 0, removalFailed: 0 };
  const removal = await removeMemberAccess({
    db,
    bot: options.bot ?? getTelegramBot(),
    userId: memberId,
    reason: "banned",
  });
  return { banned, sessionsEnded: ended, removed: removal.removed, removalFailed: removal.failed };
}
