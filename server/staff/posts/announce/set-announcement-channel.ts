import { GrammyError } from "grammy";
import { channelMessages } from "~/lib/validation/admin/posts-channel";
import type { AnnouncementChannelView } from "~/lib/view-types/admin/posts";
import type { Db } from "../../../db/client.ts";
import { announcementChannel } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import type { TelegramBot } from "../../../telegram/telegram-bot.ts";
import { recordAuditEvent, type StaffActor } from "../../record-audit-event.ts";
import { getAnnouncementChannel } from "./get-announcement-channel.ts";

/**
 * Sets the channel posts are announced in, after asking Telegram two things: that the bot can
 * see the chat (getChat) and that it is an administrator there who may post (getChatMember of
 * the bot itself). Anything else is refused with what to fix, and nothing is written. Stored by
 * its numeric id (a username can change hands), with its title and username for the screen and
 * message links. Audited.
 */
export async function setAnnouncementChannel(options: {
  db: Db;
  bot: TelegramBot | undefined;
  channel: string;
  actor: StaffActor;
}): Promise<AnnouncementChannelView> {
  const { db, bot, actor } = options;
  if (!bot) throw new AppError("CONFLICT", channelMessages.botOff);
  const chatRef = /^-?\d+$/.test(options.channel) ? Number(options.channel) : options.channel;
  const chat = await askTelegram(() => bot.api.getChat(chatRef));
  if (chat.type === "private") throw refused(channelMessages.notChannel);
  const title = "title" in chat && chat.title ? chat.title : String(chat.id);
  const me = await askTelegram(() => bot.api.getMe());
  const member = await askTelegram(() => bot.api.getChatMember(chat.id, me.id));
  if (member.status !== "administrator" && member.status !== "creator") throw refused(channelMessages.notAdmin(title));
  // A channel's administrators post only with this right; in a group every administrator may.
  if (chat.type === "channel" && member.status === "administrator" && !member.can_post_messages)
    throw refused(channelMessages.cannotPost(title));
  const username = "username" in chat && chat.username ? chat.username : null;
  await db.transaction(async (tx) => {
    const before = await getAnnouncementChannel({ db: tx });
    const values = { chatId: chat.id, title, username, updatedBy: actor.userId, updatedAt: new Date() };
    await tx
      .insert(announcementChannel)
      .values(values)
      .onConflictDoUpdate({ target: announcementChannel.id, set: values });
    await recordAuditEvent({
      tx,
      actor,
      action: "telegram.channel-set",
      target: { type: "telegram-channel", id: String(chat.id) },
      summary: `Posts are announced in the Telegram channel “${title}”${username ? ` (@${username})` : ""}`,
      before: before ? { chatId: before.chatId, title: before.title, username: before.username } : null,
      after: { chatId: String(chat.id), title, username },
    });
  });
  return (await getAnnouncementChannel({ db }))!;
}

function refused(message: string) {
  return new AppError("VALIDATION", message, { fieldErrors: { channel: message } });
}

/** A Bot API call whose refusal becomes the form's message: 400/403 mean the bot cannot see the chat. */
async function askTelegram<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403))
      throw refused(channelMessages.notFound);
    throw new AppError("UNAVAILABLE", channelMessages.unreachable);
  }
}
