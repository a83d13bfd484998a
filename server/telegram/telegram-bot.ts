import { Bot, GrammyError, HttpError } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { getConfig } from "../config.ts";
import { getDb, type Db } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { singleton } from "../lib/singleton.ts";
import type { TelegramConfig } from "../lib/telegram-config.ts";
import type { TelegramBot } from "./bot-type.ts";
import { chatUpdates } from "./chat-updates.ts";
import { memberCommands } from "./member-commands.ts";

export { ALLOWED_UPDATES, type TelegramBot } from "./bot-type.ts";

/**
 * The grammY bot, or undefined when TELEGRAM_BOT_TOKEN is unset: every Telegram function
 * takes `bot: TelegramBot | undefined` and does nothing without one, so the site runs
 * unchanged with the bot off. `apiRoot` (TELEGRAM_API_ROOT) lets tests use a local Bot API.
 */
export function createTelegramBot(options: {
  db: Db;
  config: TelegramConfig;
  brandName?: string;
  /** Skips the getMe call at start (tests, or a cached value). */
  botInfo?: UserFromGetMe;
}): TelegramBot | undefined {
  const { db, config } = options;
  if (!config.token) return undefined;
  const bot = new Bot(config.token, { client: { apiRoot: config.apiRoot }, botInfo: options.botInfo });
  bot.use(memberCommands({ db, bot, brandName: options.brandName ?? getConfig().brandName }));
  bot.use(chatUpdates({ db }));
  // One failing update is logged and skipped: long polling must keep running, and a webhook
  // answers 200 so Telegram does not redeliver a poisoned update forever.
  bot.catch((error) => {
    const cause = error.error;
    const detail =
      cause instanceof GrammyError
        ? { method: cause.method, description: cause.description }
        : cause instanceof HttpError
          ? { http: cause.message }
          : { err: cause };
    getLogger().error({ updateId: error.ctx.update.update_id, ...detail }, "telegram: update failed");
  });
  return bot;
}

/**
 * The process's bot (one per process, like the database), or undefined when the bot is off.
 * With the bot off nothing else is touched: asking whether there is a bot must not open the
 * process database (that once opened PGlite on a test's DATA_DIR behind its back, and its
 * start-up failed as an unhandled rejection when the folder was removed).
 */
export function getTelegramBot(): TelegramBot | undefined {
  return singleton("telegram-bot", () => {
    const config = getConfig().telegram;
    return config.token ? createTelegramBot({ db: getDb(), config }) : undefined;
  });
}
