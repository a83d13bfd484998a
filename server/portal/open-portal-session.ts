import crypto from "node:crypto";
import { lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pgError } from "../db/db-errors.ts";
import { telegramPortalSessions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { checkInitData, PORTAL_MESSAGES, type TelegramPortalUser } from "./check-init-data.ts";

/** How long a portal token lasts; the page asks Telegram's fresh init data again after that. */
export const PORTAL_SESSION_SECONDS = 60 * 60;
/** Spent rows are kept a day past their end, far past the init data's own freshness window. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

export function hashPortalToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Exchanges Telegram's signed init data, once, for a portal token bound to the Telegram account
 * the data names. The same init data offered again (a replayed or copied launch) is refused:
 * its signature is unique in the table, so even two exchanges at the same moment on two
 * instances yield one token. The token itself is stored only as a hash.
 */
export async function openPortalSession(options: {
  db: Db;
  initData: string;
  botToken: string | undefined;
  now?: Date;
}): Promise<{ token: string; expiresAt: Date; user: TelegramPortalUser }> {
  const { db, initData, botToken, now = new Date() } = options;
  if (!botToken) throw new AppError("NOT_FOUND", PORTAL_MESSAGES.noBot);
  const checked = checkInitData({ initData, botToken, now });
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_SECONDS * 1000);
  try {
    await db.insert(telegramPortalSessions).values({
      tokenHash: hashPortalToken(token),
      initDataHash: checked.hash,
      telegramUserId: checked.user.id,
      telegramUsername: checked.user.username,
      firstName: checked.user.firstName.slice(0, 200),
      createdAt: now,
      expiresAt,
    });
  } catch (error) {
    if (pgError(error).code === "23505") throw new AppError("UNAUTHORIZED", PORTAL_MESSAGES.used);
    throw error;
  }
  await db
    .delete(telegramPortalSessions)
    .where(lt(telegramPortalSessions.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  return { token, expiresAt, user: checked.user };
}
