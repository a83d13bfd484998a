import { data } from "react-router";
import { getConfig } from "#server/config";
import { generateTelegramCode } from "#server/dashboard/generate-telegram-code";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { getTelegramBot } from "#server/telegram/telegram-bot";
import { getTelegramBotUsername, telegramBotUrl } from "#server/telegram/telegram-links";

/** A new Telegram verification code for the signed-in member. */
export const action = defineAction({
  access: "member",
  unexpected: "Failed to generate a code. Please try again.",
  run: async ({ member }) => {
    const code = await generateTelegramCode({ db: getDb(), userId: member.userId });
    // With the bot running, a deep link sends `/start <code>` in one tap.
    const username = getTelegramBotUsername({ bot: getTelegramBot(), config: getConfig().telegram });
    const botUrl = username ? telegramBotUrl({ username, code: code.code }) : undefined;
    return { ...code, botUrl };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
