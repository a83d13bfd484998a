import { eq } from "drizzle-orm";
import type { MemberProfile } from "~/lib/view-types/member";
import { getConfig } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { profiles, user } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { getTelegramBotUsername } from "../telegram/telegram-links.ts";

/** The member's profile: their own row only, by the session's user id. */
export async function getMemberProfile(options: { db: DbOrTx; userId: string; now?: Date }): Promise<MemberProfile> {
  const { db, userId, now = new Date() } = options;
  const [row] = await db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: user.email,
      emailVerified: user.emailVerified,
      telegramUsername: profiles.telegramUsername,
      telegramVerified: profiles.telegramVerified,
      balance: profiles.balance,
      walletAddress: profiles.walletAddress,
      verificationCode: profiles.verificationCode,
      verificationCodeExpiresAt: profiles.verificationCodeExpiresAt,
      twoFactorEnabled: user.twoFactorEnabled,
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
    telegramBot: getTelegramBotUsername({ bot: getTelegramBot(), config: getConfig().telegram }) ?? null,
  };
}
