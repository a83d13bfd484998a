import { sql } from "drizzle-orm";
import { microToDecimal } from "~/lib/money";
import { plural } from "~/lib/plural";
import type { Db } from "../db/client.ts";
import { RECORDED_JOBS, recordJobRun } from "../db/record-job-run.ts";
import { getLogger } from "../lib/logger.ts";

export type LedgerMismatch = {
  userId: string;
  email: string | null;
  /** Decimal USDT strings, as the ops commands print amounts. */
  balance: string;
  ledgerSum: string;
  /** balance − ledgerSum. */
  difference: string;
};

export type ReconcileResult = {
  /** Members (profiles or ledger owners) checked. */
  checked: number;
  consistent: boolean;
  mismatches: LedgerMismatch[];
  /** The ops_alerts row recorded by this run; null when all is well or the same finding was recorded within the hour. */
  alertId: number | null;
};

export const LEDGER_MISMATCH_ALERT = "ledger_mismatch";

/**
 * Checks the ledger invariant for every member: the cached balance equals the sum of the
 * member's ledger. Balances and sums come from ONE statement, so they share a snapshot and a
 * deposit committing meanwhile cannot look like a difference. On any difference it logs an
 * error naming the members and amounts and records an `ops_alerts` row (the operators' durable
 * inbox until there is a staff table). The hourly job runs on every instance, so an identical
 * finding already recorded within the last hour is not recorded again.
 */
export async function reconcileLedger(options: { db: Db; source?: string }): Promise<ReconcileResult> {
  const { db } = options;
  // Full join: ledger rows whose profile is gone are a difference too (balance counted as 0).
  const rows = await db.execute<{ user_id: string; email: string | null; balance: string; total: string }>(sql`
    select coalesce(p.id, l.user_id) as user_id, u.email,
           coalesce(p.balance, 0)::text as balance, coalesce(l.total, 0)::text as total
    from profiles p
    full join (select user_id, sum(amount) as total from ledger_entries group by user_id) l on l.user_id = p.id
    left join "user" u on u.id = coalesce(p.id, l.user_id)
    order by 1`);
  const mismatches: LedgerMismatch[] = [];
  for (const row of rows.rows) {
    const balance = BigInt(row.balance);
    const total = BigInt(row.total);
    if (balance === total) continue;
    mismatches.push({
      userId: row.user_id,
      email: row.email,
      balance: microToDecimal(balance),
      ledgerSum: microToDecimal(total),
      difference: microToDecimal(balance - total),
    });
  }
  const result: ReconcileResult = {
    checked: rows.rows.length,
    consistent: mismatches.length === 0,
    mismatches,
    alertId: null,
  };
  if (result.consistent) return result;

  const source = options.source ?? "job";
  getLogger().error(
    { mismatches, checked: result.checked, source },
    "ledger reconciliation: balance differs from the sum of the ledger",
  );
  const message = `${plural(mismatches.length, "member balance")} ${mismatches.length === 1 ? "differs" : "differ"} from the sum of their ledger entries.`;
  const details = JSON.stringify({ mismatches });
  // One statement: insert unless the same finding was recorded within the hour (any instance).
  const inserted = await db.execute<{ id: number }>(sql`
    insert into ops_alerts (kind, message, details)
    select ${LEDGER_MISMATCH_ALERT}, ${message}, ${details}::jsonb
    where not exists (
      select 1 from ops_alerts
      where kind = ${LEDGER_MISMATCH_ALERT} and details = ${details}::jsonb and created_at > now() - interval '1 hour'
    )
    returning id`);
  const id = inserted.rows[0]?.id;
  result.alertId = id === undefined ? null : Number(id);
  return result;
}

/** The differing members a recorded run keeps (the page lists them; the count is always whole). */
const RECORDED_MISMATCHES = 200;

/**
 * reconcileLedger, recorded in job_runs as `ledger-reconcile` with the members that differ: the
 * hourly job and the back office's "run now" both go through here.
 */
export function runRecordedReconcile(options: { db: Db; source: string }): Promise<ReconcileResult> {
  return recordJobRun({
    db: options.db,
    job: RECORDED_JOBS.reconcile,
    run: () => reconcileLedger(options),
    summary: (r) => ({
      source: options.source,
      checked: r.checked,
      mismatchCount: r.mismatches.length,
      mismatches: r.mismatches.slice(0, RECORDED_MISMATCHES),
    }),
  });
}
