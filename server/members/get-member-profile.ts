import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { profiles, user } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";

/** What the dashboard shows of the signed-in member; money as a micro-USDT string (JSON has no bigint). */
export type MemberProfile = {
  firstName: string;
  lastName: string;
  email: string;
  /** Stored without the leading "@". */
  telegramUsername: string | null;
  telegramVerified: boolean;
  balance: string;
  walletAddress: string | null;
  /** The verification code still waiting for the bot, shown again after a reload until it expires. */
  pendingCode: { code: string; expiresAt: string } | null;
};

/** spec §7 "Select profiles": the member's own row only, by the session's user id. */
export async function getMemberProfile(options: { db: DbOrTx; userId: string; now?: Date }): Promise<MemberProfile> {
  const { db, userId, now = new Date() } = options;
  const [row] = await db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: user.email,
      telegramUsername: profiles.telegramUsername,
      telegramVerified: profiles.telegramVerified,
      balance: profiles.balance,
      walletAddress: profiles.walletAddress,
      verificationCode: profiles.verificationCode,
      verificationCodeExpiresAt: profiles.verificationCodeExpiresAt,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  const { verificationCode: code, verificationCodeExpiresAt: expiresAt, ...rest } = row;
  const pending = !row.telegramVerified && code && expiresAt && expiresAt > now;
  return {
    ...rest,
    balance: row.balance.toString(),
    pendingCode: pending ? { code, expiresAt: expiresAt.toISOString() } : null,
  };
}
