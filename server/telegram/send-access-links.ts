import { and, eq } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import type { Db } from "../db/client.ts";
import { profiles, telegramInviteLinks } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import type { TelegramBot } from "./bot-type.ts";
import { listEntitledChats, type EntitledChat } from "./entitlements.ts";
import { botMessages } from "./messages.ts";
import { dashboardUrl } from "./telegram-links.ts";

export const INVITE_LINK_DAYS = 7;
// A stored link is reused only while it has at least this long to live.
const REUSE_MARGIN_MS = 24 * 60 * 60 * 1000;

/**
 * Sends a verified member their personal invite links, one per chat their active
 * subscriptions unlock. Links are created with `creates_join_request`: whoever opens one only
 * asks to join, and the bot approves the request for this member's Telegram id alone (see
 * handle-chat-updates.ts), so a forwarded link is worthless. A link is reused while it is
 * valid for another day, so /links does not pile up links. No-op when the bot is off or the
 * member is not verified; `replyWhenNone` (the /links command) explains when there is nothing.
 */
export async function sendAccessLinks(options: {
  db: Db;
  bot: TelegramBot | undefined;
  userId: string;
  chatIds?: number[];
  replyWhenNone?: boolean;
  now?: Date;
}): Promise<{ sent: number }> {
  const { db, bot, userId, now = new Date() } = options;
  if (!bot) return { sent: 0 };
  const [profile] = await db
    .select({ telegramUserId: profiles.telegramUserId, firstName: profiles.firstName })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.telegramVerified, true)));
  if (!profile?.telegramUserId) return { sent: 0 };
  const chatTo = Number(profile.telegramUserId);
  const log = getLogger();

  const chats = (await listEntitledChats({ db, userId })).filter(
    (c) => !options.chatIds || options.chatIds.includes(c.chatId),
  );
  const links: (EntitledChat & { url: string; expiresAt: Date })[] = [];
  for (const chat of chats) {
    try {
      links.push({
        ...chat,
        ...(await inviteLinkFor({ db, bot, userId, chatId: chat.chatId, name: profile.firstName, now })),
      });
    } catch (error) {
      // Usually the bot is not an administrator of that chat: the operator must fix it; the others still go out.
      log.warn({ chatId: chat.chatId, err: (error as Error).message }, "telegram: could not create an invite link");
    }
  }
  const text =
    links.length > 0
      ? [
          botMessages.linksIntro,
          links.map((l) => `• ${l.plans}: ${l.url}`).join("\n"),
          botMessages.linksOutro(
            formatDate(links.reduce((a, l) => (l.expiresAt < a ? l.expiresAt : a), links[0]!.expiresAt)),
          ),
        ].join("\n\n")
      : options.replyWhenNone
        ? chats.length === 0
          ? botMessages.noChats(dashboardUrl())
          : botMessages.linksFailed
        : undefined;
  if (!text) return { sent: 0 };
  const keyboard = {
    inline_keyboard: links.map((link) => [{ text: `Join ${link.plans}`.slice(0, 64), url: link.url }]),
  };
  try {
    await bot.api.sendMessage(chatTo, text, {
      link_preview_options: { is_disabled: true },
      ...(links.length > 0 ? { reply_markup: keyboard } : {}),
    });
  } catch (error) {
    // The member blocked the bot or never opened it: they can ask again with /links.
    log.warn({ userId, err: (error as Error).message }, "telegram: could not send access links");
    return { sent: 0 };
  }
  return { sent: links.length };
}

async function inviteLinkFor(options: {
  db: Db;
  bot: TelegramBot;
  userId: string;
  chatId: number;
  name: string;
  now: Date;
}) {
  const { db, bot, userId, chatId, now } = options;
  const [stored] = await db
    .select({ url: telegramInviteLinks.inviteLink, expiresAt: telegramInviteLinks.expiresAt })
    .from(telegramInviteLinks)
    .where(and(eq(telegramInviteLinks.userId, userId), eq(telegramInviteLinks.chatId, chatId)));
  if (stored && stored.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS) return stored;

  const expiresAt = new Date(now.getTime() + INVITE_LINK_DAYS * 24 * 60 * 60 * 1000);
  const link = await bot.api.createChatInviteLink(chatId, {
    // Shown to the chat's administrators beside each join request (at most 32 characters).
    name: `${options.name || "Member"} ${userId.slice(0, 8)}`.slice(0, 32),
    expire_date: Math.floor(expiresAt.getTime() / 1000),
    creates_join_request: true,
  });
  const row = { userId, chatId, inviteLink: link.invite_link, expiresAt };
  await db
    .insert(telegramInviteLinks)
    .values(row)
    .onConflictDoUpdate({
      target: [telegramInviteLinks.userId, telegramInviteLinks.chatId],
      set: { inviteLink: row.inviteLink, expiresAt, createdAt: now },
    });
  return { url: link.invite_link, expiresAt };
}
