import { listDuePlanChanges } from "../billing/list-due-plan-changes.ts";
import { runRenewals, type RenewalRunResult } from "../billing/renew-subscriptions.ts";
import type { Db } from "../db/client.ts";
import { RECORDED_JOBS, recordJobRun } from "../db/record-job-run.ts";
import { getLogger } from "../lib/logger.ts";
import type { TelegramBot } from "../telegram/bot-type.ts";
import { removeExpiredAccess } from "../telegram/remove-expired-access.ts";

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
 * whose subscription ended since the previous sweep (less ENDED_LOOK_BACK_MS) and the
 * removals due again: an index read that finds nothing most minutes.
 */
export function createRenewalJob(options: { db: Db; bot: TelegramBot | undefined }) {
  const { db, bot } = options;
  let previousSweep: Date | undefined;
  return async function runRenewalJob(now = new Date()): Promise<RenewalJobResult> {
    let settled: RenewalRunResult | undefined;
    let failure: unknown;
    let changing: string[] = [];
    try {
      // Members a renewal moves to a smaller plan: their subscription stays active, so the sweep
      // of endings below would leave them in the chats only the old plan had.
      changing = bot ? await listDuePlanChanges({ db, now }) : [];
      settled = await recordJobRun({
        db,
        job: RECORDED_JOBS.renewals,
        run: () =>
          runRenewals({
            db,
            now,
            onError: (id, err) => getLogger().error({ subscriptionId: id, err }, "renewal failed"),
          }),
      });
    } catch (error) {
      failure = error;
    }
    const endedSince = previousSweep && new Date(previousSweep.getTime() - ENDED_LOOK_BACK_MS);
    const removal = await removeExpiredAccess({ db, bot, endedSince, now });
    if (changing.length > 0 && endedSince) {
      const changed = await removeExpiredAccess({ db, bot, userIds: changing, now });
      removal.removed += changed.removed;
      removal.failed += changed.failed;
    }
    previousSweep = now;
    if (failure !== undefined) throw failure;
    return { ...settled!, removedFromChats: removal.removed, chatRemovalsFailed: removal.failed };
  };
}
