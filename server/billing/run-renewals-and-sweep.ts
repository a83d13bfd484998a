import type { Db } from "../db/client.ts";
import { RECORDED_JOBS, recordJobRun } from "../db/record-job-run.ts";
import { removeExpiredAccess } from "../telegram/remove-expired-access.ts";
import type { TelegramBot } from "../telegram/telegram-bot.ts";
import { listDuePlanChanges } from "./list-due-plan-changes.ts";
import { runRenewals, type RenewalRunResult } from "./renew-subscriptions.ts";

export type RenewalsAndSweep = {
  /** Who left the paid chats in this sweep (none without a bot). */
  removal: { removed: number; failed: number };
  /** Members whose scheduled smaller plan the run was due to apply (listed with a bot, or when asked). */
  planChanges: number;
} & ({ ok: true; settled: RenewalRunResult } | { ok: false; failure: unknown });

/**
 * One pass of renewals and the paid chats' sweep after it, for the server's renewal job and an
 * operator's `renewals --run-now`: settles the subscriptions due at `now`, then removes from the
 * chats the members whose subscription ended since `endedSince` (none: every recorded member is
 * checked, a process's first sweep), whatever the settling did. The settling's error is returned,
 * not thrown (`ok: false`): the caller knows its sweep ran, then throws it. The sweep's own error
 * is thrown. A renewal that applies a scheduled smaller plan leaves the subscription active, so the
 * sweep of endings would leave its member in the chats only the old plan had: those members are
 * listed before the renewals run and swept by name. A full sweep has checked them already.
 */
export async function runRenewalsAndSweep(options: {
  db: Db;
  bot: TelegramBot | undefined;
  now: Date;
  endedSince: Date | undefined;
  /** The server's job: the run is recorded in job_runs (the back office's renewals page shows it). */
  recorded?: boolean;
  /** Count the due plan changes without a bot too, for a message saying who keeps which chats. */
  countPlanChanges?: boolean;
  onError?: (subscriptionId: string, error: unknown) => void;
}): Promise<RenewalsAndSweep> {
  const { db, bot, now, endedSince } = options;
  let settled: RenewalRunResult | undefined;
  let failure: unknown;
  let changing: string[] = [];
  try {
    changing = bot || options.countPlanChanges ? await listDuePlanChanges({ db, now }) : [];
    const run = () => runRenewals({ db, now, onError: options.onError });
    settled = options.recorded ? await recordJobRun({ db, job: RECORDED_JOBS.renewals, run }) : await run();
  } catch (error) {
    failure = error;
  }
  const removal = await removeExpiredAccess({ db, bot, endedSince, now });
  if (changing.length > 0 && endedSince) {
    const changed = await removeExpiredAccess({ db, bot, userIds: changing, now });
    removal.removed += changed.removed;
    removal.failed += changed.failed;
  }
  const swept = { removal, planChanges: changing.length };
  return failure === undefined ? { ...swept, ok: true, settled: settled! } : { ...swept, ok: false, failure };
}
