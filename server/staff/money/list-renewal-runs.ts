import { sql } from "drizzle-orm";
import type { RenewalRun } from "~/lib/view-types/admin/money";
import type { DbOrTx } from "../../db/client.ts";
import { RECORDED_JOBS } from "../../db/record-job-run.ts";

type Row = {
  id: string;
  started_at: string;
  finished_at: string | null;
  ok: boolean | null;
  stale: boolean;
  result: Record<string, unknown>;
  error: string | null;
};

/**
 * A run with no end recorded this long after it started is taken for one that never finished
 * (the process died, was restarted or deployed over, or could not write its end). A run settles
 * each due subscription in its own short transaction, so even a first-of-the-month run of
 * thousands is done in a few minutes; younger unfinished runs are shown as still running.
 */
export const RENEWAL_RUN_STALE_MINUTES = 15;

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const iso = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The renewal job's latest runs that did something or went wrong: settled a subscription
 * (charged, failed for the balance, expired, or errored), failed as a whole, or never recorded
 * an end (a crash mid-run: what it settled is in the ledger, its counts are lost). The job runs
 * every minute and most runs find nothing due, so those are left out; `lastRunAt` (the last
 * finished run of any kind) shows the job is alive. Counts come from what runRenewals returned,
 * as recordJobRun stored it. Read through job_runs_job_started_idx (job, started_at), newest first.
 */
export async function listRenewalRuns(options: {
  db: DbOrTx;
  limit?: number;
}): Promise<{ runs: RenewalRun[]; lastRunAt: string | null }> {
  const { db, limit = 20 } = options;
  const job = RECORDED_JOBS.renewals;
  const { rows } = await db.execute<Row>(sql`
    select id::text, to_char(started_at at time zone 'UTC', ${sql.raw(iso)}) as started_at,
           to_char(finished_at at time zone 'UTC', ${sql.raw(iso)}) as finished_at, ok, result, error,
           started_at < now() - make_interval(mins => ${RENEWAL_RUN_STALE_MINUTES}) as stale
    from job_runs
    where job = ${job}
      and (finished_at is null or ok is not true
           or coalesce((result->>'charged')::int, 0) + coalesce((result->>'failed')::int, 0)
              + coalesce((result->>'expired')::int, 0) + coalesce((result->>'errored')::int, 0) > 0)
    order by started_at desc, id desc
    limit ${limit}`);
  const { rows: last } = await db.execute<{ at: string }>(sql`
    select to_char(finished_at at time zone 'UTC', ${sql.raw(iso)}) as at from job_runs
    where job = ${job} and finished_at is not null
    order by started_at desc limit 1`);
  return {
    runs: rows.map((r) => ({
      id: r.id,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      state: r.finished_at === null ? (r.stale ? "unfinished" : "running") : r.ok === true ? "finished" : "failed",
      charged: count(r.result.charged),
      failed: count(r.result.failed),
      expired: count(r.result.expired),
      errored: count(r.result.errored),
      error: r.error,
    })),
    lastRunAt: last[0]?.at ?? null,
  };
}
