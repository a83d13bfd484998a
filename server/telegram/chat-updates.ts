import { Composer, type Context } from "grammy";
import type { Db } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { findEntitledMember, forgetChatMember, recordChatMember } from "./entitlements.ts";
import { botMessages } from "./messages.ts";
import { dashboardUrl } from "./telegram-links.ts";

/**
 * Updates from the paid chats (the bot is their administrator):
 * - a join request (from a personal link) is approved only when the requester's Telegram id
 *   belongs to a verified member with an active subscription unlocking this chat; anyone
 *   else is declined and told why (Telegram lets the bot message a requester for 5 minutes);
 * - membership changes keep the list of who is in the chat current: someone who left is
 *   forgotten, an entitled member who joined another way is recorded. Others who join (the
 *   operator's staff) are left alone.
 */
export function chatUpdates(options: { db: Db }) {
  const { db } = options;
  const composer = new Composer<Context>();

  composer.on("chat_join_request", async (ctx) => {
    const request = ctx.chatJoinRequest;
    const chatId = request.chat.id;
    const telegramUserId = request.from.id;
    const userId = await findEntitledMember({ db, chatId, telegramUserId });
    if (userId) {
      await ctx.api.approveChatJoinRequest(chatId, telegramUserId);
      await recordChatMember({ db, row: { chatId, telegramUserId, userId } });
      getLogger().info({ chatId, userId }, "telegram: join request approved");
      return;
    }
    await ctx.api.declineChatJoinRequest(chatId, telegramUserId);
    getLogger().info({ chatId, telegramUserId }, "telegram: join request declined");
    await ctx.api
      .sendMessage(request.user_chat_id, botMessages.joinDeclined(dashboardUrl()), {
        link_preview_options: { is_disabled: true },
      })
      .catch((error: unknown) => {
        getLogger().warn(
          { telegramUserId, err: (error as Error).message },
          "telegram: could not tell a declined requester",
        );
      });
  });

  composer.on("chat_member", async (ctx) => {
    const { chat, new_chat_member: now } = ctx.chatMember;
    const telegramUserId = now.user.id;
    if (now.status === "left" || now.status === "kicked" || (now.status === "restricted" && !now.is_member)) {
      await forgetChatMember({ db, row: { chatId: chat.id, telegramUserId } });
      return;
    }
    if (now.status === "member" || now.status === "restricted") {
      const userId = await findEntitledMember({ db, chatId: chat.id, telegramUserId });
      if (userId) await recordChatMember({ db, row: { chatId: chat.id, telegramUserId, userId } });
    }
  });
  return composer;
}
