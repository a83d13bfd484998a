import type { Db } from "../../../db/client.ts";
import { getLogger } from "../../../lib/logger.ts";
import type { TelegramBot } from "../../../telegram/telegram-bot.ts";
import { deliverPostAnnouncements } from "./deliver-post-announcements.ts";

/**
 * Tries a just-queued announcement at once, so the editor sees it announced when the publish
 * answers; whatever goes wrong stays on the row (failed, or waiting for the job that sends what
 * is due every few seconds), never in the editor's answer.
 */
export async function announcePostNow(options: { db: Db; bot: TelegramBot | undefined; postId: number }) {
  try {
    await deliverPostAnnouncements(options);
  } catch (error) {
    getLogger().warn({ post: options.postId, err: (error as Error).message }, "telegram: announcement left to the job");
  }
}
