import { data } from "react-router";
import { announcementChannelSchema } from "~/lib/validation/admin/posts-channel";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { clearAnnouncementChannel } from "#server/staff/posts/announce/clear-announcement-channel";
import { setAnnouncementChannel } from "#server/staff/posts/announce/set-announcement-channel";
import { getTelegramBot } from "#server/telegram/telegram-bot";

/**
 * The Telegram channel posts are announced in (`telegram.channel`: owners and admins), set from
 * the Posts page once Telegram confirms the bot may post there, or cleared. Audited. Others get
 * 404, like every back-office route.
 */
export const action = defineAction({
  access: "staff",
  permission: "telegram.channel",
  schema: announcementChannelSchema,
  run: async ({ input, staff }) => {
    const db = getDb();
    if (input.intent === "clear-channel") {
      await clearAnnouncementChannel({ db, actor: staff.actor });
      return { channel: null, message: "Posts are no longer announced in Telegram." };
    }
    const channel = await setAnnouncementChannel({
      db,
      bot: getTelegramBot(),
      channel: input.channel,
      actor: staff.actor,
    });
    return { channel, message: `Posts will be announced in “${channel.title}”.` };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
