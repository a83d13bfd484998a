import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { RECORDED_JOBS } from "../db/record-job-run.ts";
import { chainCursors } from "../db/schema.ts";

/** How long the watcher's job runs are kept, as recordJobRun keeps the other jobs'. */
const KEEP_DAYS = 30;

/**
 * Records how one poll of the deposit watcher went, in two places:
 * - its cursor's row, overwritten every poll (when it polled, whether that worked, the newest
 *   block read, and the last failure, kept after the watcher recovers): the health the back
 *   office shows, at no table growth however often the watcher polls;
 * - a `deposit-poll` job run, only for a poll that credited or recorded something or failed.
 *   A row per poll would be one every few seconds forever; failures come at most every few
 *   minutes once the watcher backs off.
 * The watcher logs a failure to record and goes on: it must still credit deposits.
 */
export async function recordPollOutcome(options: {
  db: DbOrTx;
  cursorName: string;
  startedAt: Date;
  /** What the poll did; absent when it failed. */
  done?: { credited: number; uncredited: number; seen: number; pages: number; cursor: number };
  error?: string;
  /** The newest block the poll read, when it read any. */
  newest?: { block: number; at: number };
  now?: Date;
}): Promise<void> {
  const { db, cursorName, done } = options;
  const now = options.now ?? new Date();
  const ok = options.error === undefined;
  const error = ok ? null : options.error!.slice(0, 500);
  await db
    .update(chainCursors)
    .set({
      polledAt: now,
      pollOk: ok,
      ...(ok ? {} : { lastError: error, lastErrorAt: now }),
      ...(options.newest
        ? {
            // A rescan re-reads old blocks: the newest block read only ever moves forward.
            newestBlock: sql`greatest(coalesce(${chainCursors.newestBlock}, 0), ${options.newest.block})`,
            newestBlockAt: sql`greatest(coalesce(${chainCursors.newestBlockAt}, to_timestamp(0)), ${new Date(options.newest.at).toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(eq(chainCursors.name, cursorName));

  if (ok && (done?.credited ?? 0) === 0 && (done?.uncredited ?? 0) === 0) return;
  const result = done ? { ...done, cursorAt: new Date(done.cursor).toISOString() } : {};
  await db.execute(sql`
    with pruned as (
      delete from job_runs
      where job = ${RECORDED_JOBS.depositPoll} and started_at < now() - make_interval(days => ${KEEP_DAYS})
    )
    insert into job_runs (job, started_at, finished_at, ok, result, error)
    values (${RECORDED_JOBS.depositPoll}, ${options.startedAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
      ${ok}, ${JSON.stringify(result)}::jsonb, ${error})`);
}
