import { eq } from "drizzle-orm";
import { GrammyError, HttpError } from "grammy";
import { getConfig, getPublicOrigin } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema.ts";
import { sendEmail, type Email } from "../../email/send-email.ts";
import { getLogger } from "../../lib/logger.ts";
import { LEASE_SECONDS } from "../../lib/outbox-lease.ts";
import type { TelegramBot } from "../../telegram/telegram-bot.ts";
import { broadcastEmail, broadcastTelegramText, broadcastUnsubscribeUrl } from "./broadcast-email.ts";
import {
  claimDueDeliveries,
  handBack,
  markSending,
  recordOutcome,
  retryLater,
  type ClaimedDelivery,
} from "./delivery-rows.ts";
import { finishBroadcasts } from "./finish-broadcasts.ts";
import type { Pacer } from "./telegram-pacer.ts";
import { createBroadcastUnsubscribeToken } from "./unsubscribe-token.ts";

/** Tries of one delivery that failed for a passing reason (network, Telegram or the mail server down). */
export const BROADCAST_MAX_ATTEMPTS = 5;
/** 429s answered to one message in a row before it goes back in the queue. */
const MAX_RATE_LIMITED = 3;

const retryDelaySeconds = (attempt: number) => Math.min(3600, 30 * 2 ** (attempt - 1));

export type DeliveryTally = { sent: number; failed: number; blocked: number; skipped: number; retried: number };

/**
 * Sends what broadcasts have queued until nothing is due: by the bot at Telegram's pace (the
 * pacer), by email through the mail transport. Each delivery is claimed with a lease, goes
 * queued → sending just before its call and to its outcome right after it: so a restart resumes
 * with what was not sent, and a delivery a dead run left `sending` (it may have arrived) is
 * marked failed, never sent twice. A 429 makes the whole bot wait out its retry_after; a 403
 * (the member blocked the bot, or deleted their account) marks the member, whom later
 * broadcasts skip until they write to the bot again. Stops at `signal`, handing back what it
 * claimed and did not reach.
 */
export async function deliverBroadcasts(options: {
  db: Db;
  bot: TelegramBot | undefined;
  pacer: Pacer;
  signal?: AbortSignal;
  send?: (email: Email) => Promise<unknown>;
  batchSize?: number;
  leaseSeconds?: number;
}): Promise<DeliveryTally> {
  const { db, bot, pacer, signal, send = sendEmail, batchSize = 100, leaseSeconds = LEASE_SECONDS } = options;
  const tally: DeliveryTally = { sent: 0, failed: 0, blocked: 0, skipped: 0, retried: 0 };
  const siteUrl = getPublicOrigin();
  const brandName = getConfig().brandName;
  const telegramText = new Map<string, string>();
  while (!signal?.aborted) {
    const claimed = await claimDueDeliveries({ db, limit: batchSize, leaseSeconds });
    if (claimed.length === 0) break;
    for (const [index, row] of claimed.entries()) {
      if (signal?.aborted) {
        await handBack({ db, rows: claimed.slice(index) });
        break;
      }
      const outcome = await deliverOne(row);
      if (outcome === "stopped") {
        await handBack({ db, rows: claimed.slice(index + 1) });
        break;
      }
      tally[outcome]++;
    }
    await finishBroadcasts({ db });
  }
  await finishBroadcasts({ db });
  return tally;

  async function deliverOne(row: ClaimedDelivery): Promise<keyof DeliveryTally | "stopped"> {
    if (row.status === "sending") {
      await recordOutcome({
        db,
        id: row.id,
        outcome: {
          status: "failed",
          error: "Interrupted during its send (the server stopped): not sent again, so nobody gets it twice.",
        },
      });
      return "failed";
    }
    if (!row.reachable || (row.way === "bot" && !row.telegram_user_id)) {
      await recordOutcome({ db, id: row.id, outcome: { status: "skipped" } });
      return "skipped";
    }
    if (row.way === "email") return deliverEmail(row);
    if (!bot) {
      await recordOutcome({
        db,
        id: row.id,
        outcome: {
          status: "failed",
          error: "The Telegram bot is off (TELEGRAM_BOT_TOKEN unset).",
        },
      });
      return "failed";
    }
    return deliverByBot(bot, row);
  }

  async function deliverEmail(row: ClaimedDelivery): Promise<keyof DeliveryTally> {
    if (!(await markSending({ db, id: row.id }))) return "skipped";
    const token = createBroadcastUnsubscribeToken(row.user_id);
    try {
      await send(
        broadcastEmail({
          to: row.email,
          subject: row.subject,
          body: row.body,
          brandName,
          siteUrl,
          unsubscribeUrl: broadcastUnsubscribeUrl(siteUrl, token),
        }),
      );
    } catch (error) {
      return failedTry(row, (error as Error).message);
    }
    await recordOutcome({ db, id: row.id, outcome: { status: "sent" } });
    return "sent";
  }

  async function deliverByBot(api: TelegramBot, row: ClaimedDelivery): Promise<keyof DeliveryTally | "stopped"> {
    const chatId = Number(row.telegram_user_id);
    let text = telegramText.get(row.broadcast_id);
    if (text === undefined) telegramText.set(row.broadcast_id, (text = broadcastTelegramText(row.body, siteUrl)));
    for (let limited = 0; ; limited++) {
      try {
        await pacer.take(chatId, signal);
      } catch (error) {
        if (signal?.aborted) {
          // Nothing went out: the row is due again for the next run.
          await retryLater({ db, id: row.id, delaySeconds: 0, uncounted: true });
          return "stopped";
        }
        throw error;
      }
      if (limited === 0 && !(await markSending({ db, id: row.id }))) return "skipped";
      try {
        await api.api.sendMessage(chatId, text, { parse_mode: "HTML", link_preview_options: { is_disabled: true } });
      } catch (error) {
        if (error instanceof GrammyError && error.error_code === 429) {
          const waitSeconds = error.parameters.retry_after ?? 1;
          pacer.pause(waitSeconds * 1000);
          getLogger().warn({ retryAfter: waitSeconds }, "telegram: broadcast slowed down by a 429; waiting it out");
          if (limited + 1 < MAX_RATE_LIMITED) continue;
          await retryLater({ db, id: row.id, delaySeconds: waitSeconds, error: error.description, uncounted: true });
          return "retried";
        }
        if (error instanceof GrammyError && error.error_code === 403) {
          await recordOutcome({ db, id: row.id, outcome: { status: "blocked", error: error.description } });
          await db.update(profiles).set({ telegramBlockedAt: new Date() }).where(eq(profiles.id, row.user_id));
          return "blocked";
        }
        if (error instanceof GrammyError && error.error_code === 400) {
          // The message or the chat is wrong (chat not found, markup refused): trying again changes nothing.
          await recordOutcome({ db, id: row.id, outcome: { status: "failed", error: error.description } });
          return "failed";
        }
        if (error instanceof GrammyError || error instanceof HttpError) return failedTry(row, error.message);
        // Anything else is not an answer from Telegram: the message may have gone out. The row
        // stays `sending`, and the next run marks it failed rather than send it again.
        throw error;
      }
      await recordOutcome({ db, id: row.id, outcome: { status: "sent" } });
      return "sent";
    }
  }

  /** A passing failure: due again after a back-off, failed for good after BROADCAST_MAX_ATTEMPTS. */
  async function failedTry(row: ClaimedDelivery, message: string): Promise<keyof DeliveryTally> {
    if (row.attempts >= BROADCAST_MAX_ATTEMPTS) {
      await recordOutcome({ db, id: row.id, outcome: { status: "failed", error: message } });
      getLogger().warn({ delivery: row.id, way: row.way, err: message }, "broadcast delivery failed; giving up");
      return "failed";
    }
    await retryLater({ db, id: row.id, delaySeconds: retryDelaySeconds(row.attempts), error: message });
    return "retried";
  }
}
