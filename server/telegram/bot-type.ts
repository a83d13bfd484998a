import type { Bot } from "grammy";

// The bot's type and the updates it asks for, apart from telegram-bot.ts: the command and chat
// handlers that file wires up need the type too, and importing it from there made a cycle.

export type TelegramBot = Bot;

/** The updates the bot handles; webhook and long polling both ask Telegram for exactly these. */
export const ALLOWED_UPDATES = ["message", "chat_join_request", "chat_member"] as const;
