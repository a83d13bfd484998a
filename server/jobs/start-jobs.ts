import { isNull } from "drizzle-orm";
import { runRecordedReconcile } from "../billing/reconcile-ledger.ts";
import { sendRenewalReminders } from "../billing/send-renewal-reminders.ts";
import { sendTrialReminders } from "../billing/send-trial-reminders.ts";
import { sendPaymentFlagAlerts } from "../card-payments/send-payment-flag-alerts.ts";
import { getConfig } from "../config.ts";
import { sendContactAlerts } from "../contact/send-contact-alerts.ts";
import type { Database } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { queueNewPostEmails } from "../newsletter/queue-new-post-emails.ts";
import { sendNewPostEmails } from "../newsletter/send-new-post-emails.ts";
import { deliverNotifications } from "../notifications/deliver-notifications.ts";
import { deliverTelegramRetries } from "../notifications/deliver-telegram-retries.ts";
import { expireOrders } from "../orders/expire-orders.ts";
import { pruneRateLimits } from "../security/rate-limit.ts";
import { startBroadcastSender } from "../staff/broadcasts/start-broadcast-sender.ts";
import { deliverInboxReplies } from "../staff/inbox/deliver-inbox-replies.ts";
import { deliverPostAnnouncements } from "../staff/posts/announce/deliver-post-announcements.ts";
import { publishDuePosts } from "../staff/posts/publish-due-posts.ts";
import { runDailyTelegramReconcile } from "../telegram/reconcile-telegram-access.ts";
import { startTelegramPolling } from "../telegram/start-telegram-polling.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { generateWallet } from "../wallet/generate-wallet.ts";
import { startDepositWatcher } from "../wallet/start-deposit-watcher.ts";
import { startIntervalJob } from "./interval-job.ts";
import { runAsLeader } from "./leader-lock.ts";
import { createRenewalJob } from "./renewal-job.ts";

const DEPOSIT_WATCHER_LOCK = 727_010;
const TELEGRAM_POLLING_LOCK = 727_011;
const BROADCAST_SENDER_LOCK = 727_012;

/**
 * Background work of a server instance. Row jobs (renewals, reminders, notifications) claim
 * rows with FOR UPDATE SKIP LOCKED and run on every instance; the deposit watcher reads one
 * stream and runs on one instance only.
 */
export function startJobs({ database }: { database: Database }) {
  const config = getConfig();
  const controller = new AbortController();
  const { signal } = controller;
  const db = database.db;
  const bot = getTelegramBot();
  const stops = [
    // Renewals, then the paid chats' sweep: an ended subscription loses its chats within a minute.
    startIntervalJob({ name: "renewals", everyMs: 60_000, task: createRenewalJob({ db, bot }) }),
    // Scheduled posts go public on their time; the newsletter job then announces them
    // like any new post. Every minute, so a post is at most a minute late.
    startIntervalJob({
      name: "scheduled-posts",
      everyMs: 60_000,
      task: () => publishDuePosts({ db }).then((published) => ({ published })),
    }),
    // Posts announced in the Telegram channel: tried at once by the publish that queued them;
    // this sends what a scheduled publication queued and what waited out a 429 or an outage.
    // Each announcement is claimed with a lease, so every instance may run it.
    startIntervalJob({
      name: "post-announcements",
      everyMs: 10_000,
      task: () => deliverPostAnnouncements({ db, bot }),
    }),
    startIntervalJob({
      name: "renewal-reminders",
      everyMs: 15 * 60_000,
      task: async () => ({
        sent: await sendRenewalReminders({ db }),
        trialsReminded: await sendTrialReminders({ db }),
      }),
    }),
    // Unpaid orders expire; covered ones a crash left pending are purchased (each once).
    startIntervalJob({ name: "orders", everyMs: 60_000, task: () => expireOrders({ db }) }),
    // Member notifications by email (and Telegram with each email attempt), then the Telegram
    // copies staff asked to retry.
    startIntervalJob({
      name: "notifications",
      everyMs: 15_000,
      task: async () => {
        const emails = await deliverNotifications({ db });
        const retries = await deliverTelegramRetries({ db, bot });
        return { ...emails, telegramRetried: retries.sent, telegramRetryFailed: retries.failed };
      },
    }),
    // The support inbox's outboxes: staff alerts of new contact messages, and replies to them.
    // Both are tried at once by the request that made them; these pick up what failed.
    startIntervalJob({ name: "contact-alerts", everyMs: 15_000, task: () => sendContactAlerts({ db }) }),
    // Operators' alerts of card refunds the balance could not cover and of disputes: tried by
    // the webhook at once, retried here.
    startIntervalJob({
      name: "payment-flag-alerts",
      everyMs: 60_000,
      task: () => sendPaymentFlagAlerts({ db }),
    }),
    startIntervalJob({ name: "inbox-replies", everyMs: 15_000, task: () => deliverInboxReplies({ db }) }),
    startIntervalJob({ name: "wallets", everyMs: 5 * 60_000, task: () => generateMissingWallets(database) }),
    startIntervalJob({
      name: "telegram-reconcile",
      everyMs: 60 * 60_000,
      initialDelayMs: 60_000,
      task: () => runDailyTelegramReconcile({ db, bot }),
    }),
    startIntervalJob({
      name: "newsletter",
      everyMs: 60_000,
      task: async () => ({ ...(await queueNewPostEmails({ db })), ...(await sendNewPostEmails({ db })) }),
    }),
    startIntervalJob({ name: "rate-limit-prune", everyMs: 60 * 60_000, task: () => pruneRateLimits({ db }) }),
    // balance = sum(ledger) for every member; a difference is logged as an error and recorded in ops_alerts.
    startIntervalJob({
      name: "ledger-reconcile",
      everyMs: 60 * 60_000,
      initialDelayMs: 2 * 60_000,
      task: () => runRecordedReconcile({ db, source: "job" }).then((r) => ({ ledgerMismatches: r.mismatches.length })),
    }),
  ];
  const watcher = runAsLeader({
    database,
    lockKey: DEPOSIT_WATCHER_LOCK,
    name: "deposit-watcher",
    signal,
    work: (s) => startDepositWatcher({ db, config, signal: s }),
  }).catch((error: unknown) => getLogger().error({ err: error }, "deposit watcher stopped"));
  // Long polling when no webhook is configured: one instance only, like the deposit watcher.
  const polling =
    bot && !config.telegram.webhookUrl
      ? runAsLeader({
          database,
          lockKey: TELEGRAM_POLLING_LOCK,
          name: "telegram-polling",
          signal,
          work: (s) => startTelegramPolling({ bot, signal: s }),
        }).catch((error: unknown) => getLogger().error({ err: error }, "telegram polling stopped"))
      : Promise.resolve();
  // Broadcasts: one sender, so Telegram's limits (the bot's, not an instance's) hold.
  const broadcasts = runAsLeader({
    database,
    lockKey: BROADCAST_SENDER_LOCK,
    name: "broadcast-sender",
    signal,
    work: (s) => startBroadcastSender({ db, bot, signal: s }),
  }).catch((error: unknown) => getLogger().error({ err: error }, "broadcast sender stopped"));
  return async function stopJobs() {
    controller.abort();
    await Promise.all([...stops.map((stop) => stop()), watcher, polling, broadcasts]);
  };
}

/** Sign-up never waits for a wallet (failures are only logged); this fills the gaps later. */
async function generateMissingWallets(database: Database) {
  const missing = await database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(isNull(profiles.walletAddress))
    .limit(100);
  let generated = 0;
  for (const { id } of missing) {
    try {
      await generateWallet({ db: database.db, profileId: id });
      generated++;
    } catch (error) {
      getLogger().warn({ profile: id, err: (error as Error).message }, "wallet generation failed; will retry");
    }
  }
  return { generated };
}
