import crypto from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { openPortalSession } from "#server/portal/open-portal-session";
import { FAKE_BOT_TOKEN } from "./fake-bot-api";

/** A fresh Telegram user id, unlikely to meet another test's. */
export const telegramUserId = () => crypto.randomInt(1_000_000, 2_000_000_000);

/** Init data as Telegram signs it for the bot `token`, for the user given, issued at `authDate`. */
export function signInitData(options: {
  userId: number;
  firstName?: string;
  username?: string;
  token?: string;
  authDate?: Date;
}): string {
  return sign(
    {
      user: {
        id: options.userId,
        first_name: options.firstName ?? "Tess",
        ...(options.username ? { username: options.username } : {}),
      },
      query_id: `AAH${crypto.randomBytes(6).toString("hex")}`,
    },
    options.token ?? FAKE_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

/** Marks the member's Telegram account verified as that Telegram user, as the bot's /verify does. */
export async function verifyTelegram(options: { db: Db; userId: string; telegramUserId: number }) {
  await options.db
    .update(profiles)
    .set({ telegramVerified: true, telegramUserId: BigInt(options.telegramUserId) })
    .where(eq(profiles.id, options.userId));
}

/**
 * A portal token for the member (their Telegram account verified first, when `userId` is given),
 * through the real exchange of freshly signed init data.
 */
export async function openTestPortalSession(options: { db: Db; userId?: string; telegramUserId?: number }) {
  const id = options.telegramUserId ?? telegramUserId();
  if (options.userId) await verifyTelegram({ db: options.db, userId: options.userId, telegramUserId: id });
  const opened = await openPortalSession({
    db: options.db,
    initData: signInitData({ userId: id }),
    botToken: FAKE_BOT_TOKEN,
  });
  return opened.token;
}
