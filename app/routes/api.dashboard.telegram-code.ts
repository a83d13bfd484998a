import { data } from "react-router";
import { getConfig } from "#server/config";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import { generateTelegramCode } from "#server/members/generate-telegram-code";
import { memberFailure, requireMemberMutation } from "#server/http/member-api";
import { getTelegramBot } from "#server/telegram/telegram-bot";
import { getTelegramBotUsername, telegramBotUrl } from "#server/telegram/telegram-links";
import type { Route } from "./+types/api.dashboard.telegram-code";

/** A new Telegram verification code for the signed-in member (spec §5). */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { member, headers } = await requireMemberMutation(request);
    const code = await generateTelegramCode({ db: getDb(), userId: member.userId });
    // With the bot running, a deep link sends `/start <code>` in one tap (issue 7).
    const username = getTelegramBotUsername({ bot: getTelegramBot(), config: getConfig().telegram });
    const botUrl = username ? telegramBotUrl({ username, code: code.code }) : undefined;
    return data({ ok: true as const, ...code, botUrl }, { headers: withCookies(headers) });
  } catch (error) {
    return memberFailure(error, "Failed to generate a code. Please try again.");
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
