import type { RenewalRunResult } from "../billing/renew-subscriptions.ts";
import { runRenewalsAndSweep } from "../billing/run-renewals-and-sweep.ts";
import type { Db } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import type { TelegramBot } from "../telegram/bot-type.ts";

/**
 * How far before the previous sweep each sweep looks for ended subscriptions: an ending is
 * stamped (updated_at) by the clock of whichever process made it, when its statement ran, and
 * becomes visible when its transaction commits; this covers a slow commit and a few seconds of
 * clock difference between machines.
 */
export const ENDED_LOOK_BACK_MS = 10 * 60_000;

export type RenewalJobResult = RenewalRunResult & { removedFromChats: number; chatRemovalsFailed: number };

/**
 * The renewal job of one process, run every minute: settles the due subscriptions (recorded in
 * job_runs), then sweeps the paid chats, whatever the settling did, so a subscription ended
 * anywhere (this run, an operator's command, another instance, a staff member) loses its chats
 * within about a minute, and a failed removal is retried once its back-off has passed. The
 * first sweep of the process checks every recorded chat member; later ones only the members
 * whose subscription ended since the previous sweep (less ENDED_LOOK_BACK_MS), the members whose
 * smaller plan this run applied, and the removals due again: index reads that find nothing most
 * minutes. A smaller plan another process applied (`ops renewals --run-now` without the bot) is
 * not seen here: the daily Telegram check removes its member from the old plan's chats.
 */
export function createRenewalJob(options: { db: Db; bot: TelegramBot | undefined }) {
  const { db, bot } = options;
  let previousSweep: Date | undefined;
  return async function runRenewalJob(now = new Date()): Promise<RenewalJobResult> {
    const endedSince = previousSweep && new Date(previousSweep.getTime() - ENDED_LOOK_BACK_MS);
    const swept = await runRenewalsAndSweep({
      db,
      bot,
      now,
      endedSince,
      recorded: true,
      onError: (id, err) => getLogger().error({ subscriptionId: id, err }, "renewal failed"),
    });
    // Only a sweep that ran moves the window: after one that threw, the next looks back as far.
    previousSweep = now;
    if (!swept.ok) throw swept.failure;
    return { ...swept.settled, removedFromChats: swept.removal.removed, chatRemovalsFailed: swept.removal.failed };
  };
}
