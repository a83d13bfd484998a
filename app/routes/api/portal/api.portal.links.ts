import { data } from "react-router";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { requirePortalMember } from "#server/portal/require-portal-member";
import { sendAccessLinks } from "#server/telegram/send-access-links";
import { getTelegramBot } from "#server/telegram/telegram-bot";

/**
 * "Send my channel links": the bot's /links, from the portal. The personal invite links go to the
 * member's chat with the bot (each admits only their Telegram account), not into the page.
 * Rate-limited: each call may create invite links at Telegram.
 */
export const action = defineAction({
  access: "portal",
  rateLimit: ({ portal }) => ({ key: `links:tg:${portal.telegramUserId}`, limit: 5, windowSeconds: 15 * 60 }),
  unexpected: "Could not send your links. Please try again.",
  run: async ({ portal }) => {
    const { sent } = await sendAccessLinks({
      db: getDb(),
      bot: getTelegramBot(),
      userId: requirePortalMember(portal),
      replyWhenNone: true,
    });
    return {
      sent,
      message: sent > 0 ? "Your channel links are in your chat with the bot." : "No channel links to send right now.",
    };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
