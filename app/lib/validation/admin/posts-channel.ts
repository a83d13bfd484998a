import { z } from "zod";

/*
 * The Telegram channel posts are announced in, set by an owner or admin on the Posts page: a
 * public channel's @username (or its t.me link) or any channel's numeric id (-100…). The server
 * then asks Telegram that the bot is an administrator there who can post.
 */

export const channelMessages = {
  required: "Enter the channel's @username or its id (-100…).",
  format: "Enter the channel as @username, a t.me/username link, or its numeric id such as -1001234567890.",
  botOff: "The Telegram bot is off (TELEGRAM_BOT_TOKEN is not set): set it before choosing a channel.",
  notFound:
    "The bot cannot see that channel. Add the bot to the channel as an administrator, check " +
    "the @username or id, then try again.",
  notAdmin: (title: string) =>
    `The bot is not an administrator of “${title}”. Make it an administrator allowed to post messages, then try again.`,
  cannotPost: (title: string) =>
    `The bot is an administrator of “${title}” but may not post messages. Allow it to post messages, then try again.`,
  notChannel: "That is a private chat with a person, not a channel or group: choose a channel.",
  unreachable: "Telegram did not answer. Try again in a minute.",
} as const;

/** "@name", "name", "t.me/name", "https://t.me/name" → "@name"; "-100…" stays as it is. */
export function normalizeChannel(value: string): string | null {
  const text = value.trim();
  if (/^-?\d{5,20}$/.test(text)) return text;
  const name = text.replace(/^(?:https?:\/\/)?(?:t\.me|telegram\.me)\//i, "").replace(/^@/, "");
  return /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name) ? `@${name}` : null;
}

export const announcementChannelSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-channel"),
    channel: z
      .string({ message: channelMessages.required })
      .trim()
      .min(1, channelMessages.required)
      .max(100, channelMessages.format)
      .transform((value, ctx) => {
        const channel = normalizeChannel(value);
        if (channel) return channel;
        ctx.addIssue({ code: "custom", message: channelMessages.format });
        return z.NEVER;
      }),
  }),
  z.object({ intent: z.literal("clear-channel") }),
]);
export type AnnouncementChannelInput = z.output<typeof announcementChannelSchema>;
