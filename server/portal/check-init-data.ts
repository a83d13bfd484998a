import { isExpiredError, parse, validate } from "@telegram-apps/init-data-node";
import { AppError } from "../lib/errors.ts";

/**
 * How old signed init data may be when it is exchanged. Telegram signs it when the member opens
 * the portal, and the page exchanges it within seconds; ten minutes leaves room for a slow phone
 * and a clock a little off without letting a copied launch URL work for long.
 */
export const INIT_DATA_MAX_AGE_SECONDS = 10 * 60;

export const PORTAL_MESSAGES = {
  invalid: "This portal link is not valid. Open the portal again from the bot's menu button.",
  stale: "This portal link has expired. Open the portal again from the bot's menu button.",
  used: "This portal link was already used. Open the portal again from the bot's menu button.",
  noBot: "The Telegram portal is not available.",
  signedOut: "Your portal session has ended. Open the portal again from the bot's menu button.",
} as const;

export type TelegramPortalUser = { id: number; username: string | null; firstName: string };

/**
 * Checks init data as Telegram signs it (HMAC-SHA-256 keyed with the bot token, the
 * "WebAppData" construction) and that it is recent. Everything about the person comes from the
 * signed fields: the page's own idea of who is using it is never read. `hash` is the
 * signature, unique per launch, which the exchange records so the same data works once.
 */
export function checkInitData(options: { initData: string; botToken: string; now?: Date }): {
  hash: string;
  authDate: Date;
  user: TelegramPortalUser;
} {
  const { initData, botToken, now = new Date() } = options;
  if (!initData || initData.length > 4096) throw new AppError("UNAUTHORIZED", PORTAL_MESSAGES.invalid);
  try {
    // The library's expiry check reads the real clock; ours takes `now`, so it is done below.
    validate(initData, botToken, { expiresIn: 0 });
  } catch (error) {
    throw new AppError("UNAUTHORIZED", isExpiredError(error) ? PORTAL_MESSAGES.stale : PORTAL_MESSAGES.invalid);
  }
  const data = parse(initData);
  const age = (now.getTime() - data.auth_date.getTime()) / 1000;
  // A date far in the future is as suspect as an old one (a clock or a forgery).
  if (age > INIT_DATA_MAX_AGE_SECONDS || age < -60) throw new AppError("UNAUTHORIZED", PORTAL_MESSAGES.stale);
  const user = data.user;
  if (!user || !Number.isSafeInteger(user.id) || user.id <= 0 || user.is_bot)
    throw new AppError("UNAUTHORIZED", PORTAL_MESSAGES.invalid);
  return {
    hash: data.hash,
    authDate: data.auth_date,
    user: { id: user.id, username: user.username ?? null, firstName: user.first_name },
  };
}
