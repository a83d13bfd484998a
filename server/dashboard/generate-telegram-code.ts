import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";

export const TELEGRAM_CODE_MINUTES = 15;
export const NO_TELEGRAM_USERNAME = "Please set your Telegram username in User Info first.";
export const ALREADY_VERIFIED = "Your Telegram username is already verified.";

/**
 * A Telegram verification code: 6 digits, 100000–999999, from a secure random source, generated only
 * for a member with a Telegram username; stored with a 15-minute expiry for the
 * bot to check. A new code replaces the previous one. Limited per member so codes cannot be
 * churned out to guess against the bot.
 */
export async function generateTelegramCode(options: { db: Db; userId: string; now?: Date }) {
  const { db, userId, now = new Date() } = options;
  const [profile] = await db
    .select({ username: profiles.telegramUsername, verified: profiles.telegramVerified })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");
  if (!profile.username) throw new AppError("VALIDATION", NO_TELEGRAM_USERNAME);
  if (profile.verified) throw new AppError("CONFLICT", ALREADY_VERIFIED);
  await enforceRateLimit({ db, key: `telegram-code:${userId}`, limit: 10, windowSeconds: 60 * 60 });

  const code = String(crypto.randomInt(100_000, 1_000_000));
  const expiresAt = new Date(now.getTime() + TELEGRAM_CODE_MINUTES * 60_000);
  await db
    .update(profiles)
    .set({ verificationCode: code, verificationCodeExpiresAt: expiresAt })
    .where(eq(profiles.id, userId));
  return { code, expiresAt: expiresAt.toISOString() };
}
