import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { profiles, telegramPortalSessions } from "../db/schema.ts";
import { hashPortalToken } from "./open-portal-session.ts";

export type PortalSession = {
  telegramUserId: number;
  telegramUsername: string | null;
  firstName: string;
  /** The member whose verified Telegram account this is; null for an account not linked yet. */
  memberId: string | null;
  expiresAt: Date;
};

/**
 * The portal session a token stands for, or null when it is unknown or over. The member is
 * looked up now, not remembered from the exchange: linking takes effect at once, and a member who
 * changes or loses their Telegram link stops seeing the account from the portal at once too.
 */
export async function getPortalSession(options: {
  db: DbOrTx;
  token: string;
  now?: Date;
}): Promise<PortalSession | null> {
  const { db, token, now = new Date() } = options;
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      telegramUserId: telegramPortalSessions.telegramUserId,
      telegramUsername: telegramPortalSessions.telegramUsername,
      firstName: telegramPortalSessions.firstName,
      expiresAt: telegramPortalSessions.expiresAt,
      memberId: profiles.id,
    })
    .from(telegramPortalSessions)
    .leftJoin(
      profiles,
      and(eq(profiles.telegramUserId, telegramPortalSessions.telegramUserId), eq(profiles.telegramVerified, true)),
    )
    .where(and(eq(telegramPortalSessions.tokenHash, hashPortalToken(token)), gt(telegramPortalSessions.expiresAt, now)))
    .limit(1);
  return row ? { ...row, memberId: row.memberId ?? null } : null;
}
