import { eq, sql } from "drizzle-orm";
import { getLogger } from "../lib/logger.ts";
import type { DbOrTx } from "./client.ts";
import { jobRuns } from "./schema.ts";

/** The jobs whose runs are recorded, as job_runs.job spells them. */
export const RECORDED_JOBS = {
  renewals: "renewals",
  reconcile: "ledger-reconcile",
  depositPoll: "deposit-poll",
  rescan: "deposit-rescan",
} as const;

/** How long runs are kept: the money page shows recent ones only. */
const KEEP_DAYS = 30;

/**
 * Runs `run` and records it in job_runs: one insert when it starts (pruning the job's runs older
 * than 30 days in the same statement) and one update when it ends, with what it returned (or
 * `summary` of it) or the error. Recording never fails the job: a failed insert or update is
 * only logged. The run's own error is recorded and thrown on.
 */
export async function recordJobRun<T>(options: {
  db: DbOrTx;
  job: string;
  run: () => Promise<T>;
  summary?: (result: T) => Record<string, unknown>;
}): Promise<T> {
  const { db, job } = options;
  const log = getLogger();
  let id: number | null = null;
  try {
    const inserted = await db.execute<{ id: string }>(sql`
      with pruned as (
        delete from job_runs where job = ${job} and started_at < now() - make_interval(days => ${KEEP_DAYS})
      )
      insert into job_runs (job) values (${job}) returning id`);
    id = Number(inserted.rows[0]!.id);
  } catch (error) {
    log.warn({ job, err: error }, "job run not recorded");
  }
  const finish = async (values: { ok: boolean; result?: Record<string, unknown>; error?: string }) => {
    if (id === null) return;
    try {
      await db
        .update(jobRuns)
        .set({ finishedAt: new Date(), ok: values.ok, result: values.result ?? {}, error: values.error ?? null })
        .where(eq(jobRuns.id, id));
    } catch (error) {
      log.warn({ job, err: error }, "job run end not recorded");
    }
  };
  let result: T;
  try {
    result = await options.run();
  } catch (error) {
    await finish({ ok: false, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  const summary = options.summary
    ? options.summary(result)
    : result && typeof result === "object"
      ? (result as Record<string, unknown>)
      : {};
  await finish({ ok: true, result: jsonSafe(summary) });
  return result;
}

/** JSON has no bigint: amounts are kept as strings, as on the wire. */
function jsonSafe(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? String(v) : v))) as Record<
    string,
    unknown
  >;
}
