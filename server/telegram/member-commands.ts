import { and, eq, isNotNull } from "drizzle-orm";
import { Composer, type Context } from "grammy";
import type { Db } from "../db/client.ts";
import { broadcastOptOuts, profiles } from "../db/schema.ts";
import type { TelegramBot } from "./bot-type.ts";
import { describeMemberStatus } from "./describe-member-status.ts";
import { findLinkedMember } from "./entitlements.ts";
import { botMessages } from "./messages.ts";
import { sendAccessLinks } from "./send-access-links.ts";
import { verifyTelegramCode } from "./verify-telegram-code.ts";

/**
 * What members say to the bot in a private chat: /start (with or without the dashboard's
 * code), /verify <code>, the bare 6 digits, /status, /links, /stop and /resume (broadcasts),
 * /help. Group and channel messages are ignored: the bot only administers those chats.
 */
export function memberCommands(options: { db: Db; bot: TelegramBot; brandName: string }) {
  const { db, bot, brandName } = options;
  const composer = new Composer<Context>();
  const pm = composer.chatType("private");

  // Whoever writes to the bot has not blocked it (any more): broadcasts reach them again.
  pm.use(async (ctx, next) => {
    await db
      .update(profiles)
      .set({ telegramBlockedAt: null })
      .where(and(eq(profiles.telegramUserId, BigInt(ctx.from.id)), isNotNull(profiles.telegramBlockedAt)));
    await next();
  });

  const verify = async (ctx: Context & { from: { id: number; username?: string } }, code: string) => {
    const result = await verifyTelegramCode({ db, telegramUserId: ctx.from.id, username: ctx.from.username, code });
    await ctx.reply(result.message);
    // Subscriptions bought before verifying are delivered now.
    if (result.ok) await sendAccessLinks({ db, bot, userId: result.userId });
  };
  const greet = async (ctx: Context & { from: { id: number } }) => {
    const member = await findLinkedMember({ db, telegramUserId: ctx.from.id });
    await ctx.reply(member ? botMessages.welcomeBack(brandName) : botMessages.welcome(brandName));
  };

  pm.command("start", async (ctx) => {
    // The deep link t.me/<bot>?start=<code> arrives as "/start <code>".
    const code = ctx.match.trim();
    await (code ? verify(ctx, code) : greet(ctx));
  });
  pm.command("help", greet);
  pm.command("verify", async (ctx) => {
    const code = ctx.match.trim();
    await (code ? verify(ctx, code) : ctx.reply(botMessages.verifyUsage));
  });
  pm.command("status", async (ctx) => {
    const member = await findLinkedMember({ db, telegramUserId: ctx.from.id });
    await ctx.reply(member ? await describeMemberStatus({ db, member }) : botMessages.notLinked, {
      link_preview_options: { is_disabled: true },
    });
  });
  pm.command("links", async (ctx) => {
    const member = await findLinkedMember({ db, telegramUserId: ctx.from.id });
    if (!member) return void (await ctx.reply(botMessages.notLinked));
    await sendAccessLinks({ db, bot, userId: member.userId, replyWhenNone: true });
  });
  pm.command("stop", async (ctx) => {
    const member = await findLinkedMember({ db, telegramUserId: ctx.from.id });
    if (!member) return void (await ctx.reply(botMessages.notLinked));
    await db.insert(broadcastOptOuts).values({ userId: member.userId, way: "bot" }).onConflictDoNothing();
    await ctx.reply(botMessages.broadcastsStopped);
  });
  pm.command("resume", async (ctx) => {
    const member = await findLinkedMember({ db, telegramUserId: ctx.from.id });
    if (!member) return void (await ctx.reply(botMessages.notLinked));
    await db
      .delete(broadcastOptOuts)
      .where(and(eq(broadcastOptOuts.userId, member.userId), eq(broadcastOptOuts.way, "bot")));
    await ctx.reply(botMessages.broadcastsResumed);
  });
  pm.hears(/^\s*(\d{6})\s*$/, (ctx) => verify(ctx, ctx.match[1]!));
  pm.on("message", (ctx) => ctx.reply(botMessages.unknown));
  return composer;
}
