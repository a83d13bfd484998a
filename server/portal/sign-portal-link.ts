import crypto from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";

/**
 * The portal's address with init data signed as Telegram signs it, for trying the portal in a
 * desktop browser (`npm run ops -- portal-link`). It carries the bot token's signature, so it is
 * as good as opening the portal from Telegram as that account: one use, within the freshness
 * window.
 */
export function signPortalLink(options: {
  siteUrl: string;
  botToken: string;
  telegramUserId: number;
  firstName: string;
  username?: string;
  now?: Date;
}): string {
  const user = {
    id: options.telegramUserId,
    first_name: options.firstName,
    ...(options.username ? { username: options.username } : {}),
  };
  const initData = sign(
    { user, query_id: `AAH${crypto.randomBytes(8).toString("hex")}` },
    options.botToken,
    options.now ?? new Date(),
  );
  const fragment = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: "8.0", tgWebAppPlatform: "web" });
  return `${options.siteUrl}/tg#${fragment.toString()}`;
}
