import { eq } from "drizzle-orm";
import { GrammyError, HttpError } from "grammy";
import { getPublicOrigin } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { announcementChannel, blogPosts } from "../../../db/schema.ts";
import { getLogger } from "../../../lib/logger.ts";
import { LEASE_SECONDS } from "../../../lib/outbox-lease.ts";
import type { TelegramBot } from "../../../telegram/telegram-bot.ts";
import { announcementMessage, CAPTION_MAX, MESSAGE_MAX } from "./announcement-message.ts";
import {
  claimDueAnnouncement,
  markSending,
  messageUrlOf,
  recordFailed,
  recordSent,
  retryLater,
  type ClaimedAnnouncement,
} from "./announcement-rows.ts";

/** Tries of an announcement that failed for a passing reason (no answer, Telegram down). */
export const ANNOUNCEMENT_MAX_ATTEMPTS = 5;
const retryDelaySeconds = (attempt: number) => Math.min(3600, 30 * 2 ** (attempt - 1));

export const INTERRUPTED =
  "Interrupted while it was being sent (the server stopped): it may be in the channel " +
  "already, so it was not sent again. Check the channel before retrying.";

export type AnnouncementTally = { sent: number; failed: number; retried: number };

/**
 * Sends the posts' announcements that are due (or only `postId`'s), each claimed with a lease
 * and moved pending → sending just before its call and to its outcome right after, as the
 * broadcasts' deliveries are: every instance may run this at once and each announcement goes to
 * Telegram once. One a run found `sending` after its lease is failed as interrupted, never sent
 * again (it may have arrived); a retry is a person's choice. A 429 puts it back after Telegram's
 * retry_after; a refusal (400, 403) fails it with Telegram's reason; no answer is tried again
 * with a back-off, up to ANNOUNCEMENT_MAX_ATTEMPTS.
 */
export async function deliverPostAnnouncements(options: {
  db: Db;
  bot: TelegramBot | undefined;
  postId?: number;
  leaseSeconds?: number;
}): Promise<AnnouncementTally> {
  const { db, bot, postId, leaseSeconds = LEASE_SECONDS } = options;
  const tally: AnnouncementTally = { sent: 0, failed: 0, retried: 0 };
  for (;;) {
    const row = await claimDueAnnouncement({ db, leaseSeconds, postId });
    if (!row) break;
    const outcome = await announce(db, bot, row);
    if (outcome) tally[outcome]++;
    if (postId !== undefined) break;
  }
  return tally;
}

async function announce(
  db: Db,
  bot: TelegramBot | undefined,
  row: ClaimedAnnouncement,
): Promise<keyof AnnouncementTally | null> {
  const fail = async (error: string) => (await recordFailed({ db, postId: row.post_id, error }), "failed" as const);
  if (row.status === "sending") return fail(INTERRUPTED);
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, row.post_id));
  if (!post?.published) return fail("The post is not published: publish it, then retry.");
  const [channel] = await db.select().from(announcementChannel).limit(1);
  if (!channel) return fail("No Telegram channel is set: an owner or admin sets it on the Posts page.");
  if (!bot) return fail("The Telegram bot is off (TELEGRAM_BOT_TOKEN is not set).");
  if (!(await markSending({ db, postId: row.post_id, chatId: channel.chatId }))) return null;

  const origin = getPublicOrigin();
  const url = `${origin}/blog/${post.slug}`;
  const text = (max: number) => announcementMessage({ title: post.title, excerpt: post.excerpt, url, max }).html;
  const photo = absoluteImage(post.image, origin);
  try {
    let message: { message_id: number };
    try {
      message = photo
        ? await bot.api.sendPhoto(channel.chatId, photo, { caption: text(CAPTION_MAX), parse_mode: "HTML" })
        : await sendText();
    } catch (error) {
      // Telegram could not fetch or use the image (a site it cannot reach, a format it refuses):
      // nothing was posted, so the text alone goes instead.
      if (
        photo &&
        error instanceof GrammyError &&
        error.error_code === 400 &&
        /photo|file|url|image/i.test(error.description)
      ) {
        getLogger().warn(
          { post: post.id, err: error.description },
          "telegram: announcement image refused; sent as text",
        );
        message = await sendText();
      } else throw error;
    }
    await recordSent({
      db,
      postId: row.post_id,
      message: {
        messageId: message.message_id,
        messageUrl: messageUrlOf(channel, message.message_id),
      },
    });
    return "sent";
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 429) {
      const wait = error.parameters.retry_after ?? 5;
      getLogger().warn({ post: post.id, retryAfter: wait }, "telegram: announcement slowed down by a 429");
      await retryLater({
        db,
        postId: row.post_id,
        delaySeconds: wait,
        error: `Telegram asked to wait ${wait} s; it goes out then.`,
        uncounted: true,
      });
      return "retried";
    }
    if (error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403))
      return fail(`Telegram refused it: ${error.description}`);
    if (error instanceof GrammyError || error instanceof HttpError) {
      if (row.attempts >= ANNOUNCEMENT_MAX_ATTEMPTS) return fail(`Telegram could not be reached: ${error.message}`);
      await retryLater({
        db,
        postId: row.post_id,
        delaySeconds: retryDelaySeconds(row.attempts),
        error: error.message,
      });
      return "retried";
    }
    // Not an answer from Telegram: the message may have gone out. The row stays `sending`, and
    // the run after the lease fails it as interrupted rather than posting it twice.
    getLogger().error({ post: post.id, err: error }, "telegram: announcement ended without an answer");
    return null;
  }

  function sendText() {
    return bot!.api.sendMessage(channel!.chatId, text(MESSAGE_MAX), { parse_mode: "HTML" });
  }
}

/** The post's image as Telegram fetches it: a path on this site made absolute. */
function absoluteImage(image: string, origin: string): string | null {
  if (!image) return null;
  if (image.startsWith("https://")) return image;
  return image.startsWith("/") ? `${origin}${image}` : null;
}
