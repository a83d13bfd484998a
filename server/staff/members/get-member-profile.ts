import { and, asc, desc, eq, gt } from "drizzle-orm";
import { summarizeUserAgent } from "~/lib/http/user-agent";
import { isStaffRole } from "~/lib/staff-roles";
import type { MemberProfileView, MemberSessionView, MemberTelegramView } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { profiles, session, telegramChatMembers, user } from "../../db/schema.ts";

export type MemberProfile = { profile: MemberProfileView; sessions: MemberSessionView[]; telegram: MemberTelegramView };

/**
 * A member's account as the back office sees it: who they are, its state, every unexpired
 * session (device, address, last activity) and their Telegram link with the chats the bot let
 * them into. Null when no member (a user with a profile) has that id.
 */
export async function getMemberProfile(options: {
  db: DbOrTx;
  memberId: string;
  now?: Date;
}): Promise<MemberProfile | null> {
  const { db, memberId } = options;
  const now = options.now ?? new Date();
  const [row] = await db
    .select({
      id: profiles.id,
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      signedUpAt: profiles.createdAt,
      role: user.role,
      banned: user.banned,
      banReason: user.banReason,
      deletedAt: user.deletedAt,
      telegramUsername: profiles.telegramUsername,
      telegramVerified: profiles.telegramVerified,
      telegramUserId: profiles.telegramUserId,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, memberId));
  if (!row) return null;
  const [sessionRows, chatRows] = await Promise.all([
    db
      .select({
        id: session.id,
        userAgent: session.userAgent,
        ipAddress: session.ipAddress,
        country: session.country,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
      })
      .from(session)
      .where(and(eq(session.userId, memberId), gt(session.expiresAt, now)))
      .orderBy(desc(session.updatedAt), desc(session.id)),
    db
      .select({
        chatId: telegramChatMembers.chatId,
        joinedAt: telegramChatMembers.joinedAt,
        removalError: telegramChatMembers.removalError,
        removalNextAt: telegramChatMembers.removalNextAt,
      })
      .from(telegramChatMembers)
      .where(eq(telegramChatMembers.userId, memberId))
      .orderBy(asc(telegramChatMembers.joinedAt), asc(telegramChatMembers.chatId)),
  ]);
  const banned = row.banned === true;
  return {
    profile: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      emailVerified: row.emailVerified,
      twoFactorEnabled: row.twoFactorEnabled,
      signedUpAt: row.signedUpAt.toISOString(),
      staffRole: isStaffRole(row.role) ? row.role : null,
      banned,
      banReason: banned ? row.banReason : null,
      deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    },
    sessions: sessionRows.map((s) => ({
      id: s.id,
      ...summarizeUserAgent(s.userAgent),
      ipAddress: s.ipAddress,
      country: s.country,
      signedInAt: s.createdAt.toISOString(),
      lastActiveAt: s.updatedAt.toISOString(),
    })),
    telegram: {
      username: row.telegramUsername,
      verified: row.telegramVerified,
      userId: row.telegramUserId === null ? null : String(row.telegramUserId),
      chats: chatRows.map((c) => ({
        chatId: String(c.chatId),
        joinedAt: c.joinedAt.toISOString(),
        removalFailed:
          c.removalError !== null && c.removalNextAt !== null
            ? { error: c.removalError, nextAttemptAt: c.removalNextAt.toISOString() }
            : null,
      })),
    },
  };
}
