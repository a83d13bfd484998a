import crypto from "node:crypto";
import express, { type RequestHandler } from "express";
import type { Update } from "grammy/types";
import { getPublicOrigin } from "../config.ts";
import { getLogger } from "../lib/logger.ts";
import { ALLOWED_UPDATES, type TelegramBot } from "./bot-type.ts";
import { botCommands } from "./messages.ts";

export const TELEGRAM_SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token";

const sha = (value: string) => crypto.createHash("sha256").update(value).digest();
/** Constant-time comparison (hashing first makes the lengths equal). */
const sameSecret = (presented: string | undefined, secret: string) =>
  presented !== undefined && crypto.timingSafeEqual(sha(presented), sha(secret));

/**
 * Express handler for `POST /api/telegram/webhook`. Telegram sends the secret given to
 * setWebhook in the X-Telegram-Bot-Api-Secret-Token header; anything without it (or with a
 * wrong one) is refused with 401 before the body is read. The update is handled before the
 * answer, so Telegram redelivers it if this process dies meanwhile. Without a bot the route
 * answers 404; without a secret it refuses everything.
 */
export function telegramWebhookMiddleware(options: {
  bot: TelegramBot | undefined;
  secret: string | undefined;
}): RequestHandler {
  const { bot, secret } = options;
  const parseJson = express.json({ limit: "1mb" });
  return (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!bot) return void res.status(404).json({ error: "The Telegram bot is not configured." });
    if (req.method !== "POST") return void res.status(405).set("Allow", "POST").json({ error: "Method not allowed." });
    if (!secret || !sameSecret(req.get(TELEGRAM_SECRET_HEADER), secret)) {
      return void res.status(401).json({ error: "A valid secret token is required." });
    }
    parseJson(req, res, (error?: unknown) => {
      const update = req.body as Partial<Update> | undefined;
      if (error || !update || typeof update.update_id !== "number") {
        return void res.status(400).json({ error: "The request body must be a Telegram update." });
      }
      void (async () => {
        try {
          await bot.init();
          await bot.handleUpdate(update as Update);
          res.status(200).end();
        } catch (failure) {
          // Only reached when the bot cannot start (getMe failed): let Telegram retry later.
          getLogger().error({ err: failure }, "telegram: webhook update not handled");
          res.status(503).json({ error: "Temporarily unavailable." });
        }
      })();
    });
  };
}

/**
 * Points Telegram at our webhook with the secret and the update types we handle, and sets
 * the command menu. Safe to call on every start of every instance (Telegram replaces it).
 */
export async function setTelegramWebhook(options: {
  bot: TelegramBot | undefined;
  url: string;
  secret: string;
}): Promise<boolean> {
  const { bot, url, secret } = options;
  if (!bot) return false;
  await bot.api.setWebhook(url, { secret_token: secret, allowed_updates: [...ALLOWED_UPDATES] });
  await setBotCommands(bot);
  getLogger().info({ url }, "telegram: webhook set");
  return true;
}

/** The command menu shown in Telegram, and the menu button that opens the portal; a failure only costs the menu. */
export async function setBotCommands(bot: TelegramBot) {
  await bot.api.setMyCommands(botCommands).catch((error: unknown) => {
    getLogger().warn({ err: (error as Error).message }, "telegram: could not set the command menu");
  });
  await setPortalMenuButton({ bot, siteUrl: getPublicOrigin() });
}

/** The menu button's text beside the message field. */
export const PORTAL_MENU_BUTTON = "My account";

/**
 * Points the bot's menu button (every private chat's default) at the member portal, which
 * Telegram then opens in its in-app view with signed init data. Telegram only opens https
 * pages: a site on plain http (a laptop) keeps the command menu instead.
 */
export async function setPortalMenuButton(options: { bot: TelegramBot; siteUrl: string }): Promise<boolean> {
  const { bot, siteUrl } = options;
  if (!siteUrl.startsWith("https://")) {
    getLogger().info("telegram: the portal's menu button needs an https PUBLIC_URL; left as the command menu");
    return false;
  }
  return bot.api
    .setChatMenuButton({
      menu_button: { type: "web_app", text: PORTAL_MENU_BUTTON, web_app: { url: `${siteUrl}/tg` } },
    })
    .then(
      () => true,
      (error: unknown) => {
        getLogger().warn({ err: (error as Error).message }, "telegram: could not set the portal's menu button");
        return false;
      },
    );
}
