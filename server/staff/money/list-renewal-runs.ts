import { sql } from "drizzle-orm";
import type { RenewalRun } from "~/lib/view-types/admin/money";
import type { DbOrTx } from "../../db/client.ts";
import { RECORDED_JOBS } from "../../lib/record-job-run.ts";

type Row = {
  id: string;
  started_at: string;
  finished_at: string;
  ok: boolean | null;
  result: Record<string, unknown>;
  error: string | null;
};

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const iso = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The renewal job's latest runs that did something: settled a subscription (charged, failed for
 * the balance, expired, or errored) or failed as a whole. The job runs every
 * minute and most runs find nothing due, so those are left out; `lastRunAt` (the last finished
 * run of any kind) shows the job is alive. Counts come from what runRenewals returned, as
 * recordJobRun stored it. Read through job_runs_job_started_idx (job, started_at), newest first.
 */
export async function listRenewalRuns(options: {
  db: DbOrTx;
  limit?: number;
}): Promise<{ runs: RenewalRun[]; lastRunAt: string | null }> {
  const { db, limit = 20 } = options;
  const job = RECORDED_JOBS.renewals;
  const { rows } = await db.execute<Row>(sql`
    select id::text, to_char(started_at at time zone 'UTC', ${sql.raw(iso)}) as started_at,
           to_char(finished_at at time zone 'UTC', ${sql.raw(iso)}) as finished_at, ok, result, error
    from job_runs
    where job = ${job} and finished_at is not null
      and (ok is not true
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
      ok: r.ok === true,
      charged: count(r.result.charged),
      failed: count(r.result.failed),
      expired: count(r.result.expired),
      errored: count(r.result.errored),
      error: r.error,
    })),
    lastRunAt: last[0]?.at ?? null,
  };
}
