import { getPublicOrigin } from "../config.ts";
import type { TelegramConfig } from "../lib/telegram-config.ts";
import type { TelegramBot } from "./bot-type.ts";

/** The member dashboard, linked from the bot's messages (PUBLIC_URL, as in the emails). */
export function dashboardUrl(): string {
  return `${getPublicOrigin()}/dashboard`;
}

/** The bot's username: TELEGRAM_BOT_USERNAME, else what getMe answered once the bot started. */
export function getTelegramBotUsername(options: { bot?: TelegramBot; config: TelegramConfig }): string | undefined {
  if (options.config.botUsername) return options.config.botUsername;
  return options.bot?.isInited() ? options.bot.botInfo.username : undefined;
}

/**
 * The dashboard's "Open the bot" link: `https://t.me/<bot>?start=<code>` opens the chat and
 * sends `/start <code>`, which verifies the member in one tap.
 */
export function telegramBotUrl(options: { username: string; code?: string }): string {
  const base = `https://t.me/${encodeURIComponent(options.username)}`;
  return options.code ? `${base}?start=${encodeURIComponent(options.code)}` : base;
}
