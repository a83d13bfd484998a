import { and, desc, eq, isNotNull } from "drizzle-orm";
import { plural } from "~/lib/plural";
import type { ReconciliationCheck } from "~/lib/view-types/admin/money";
import { runRecordedReconcile, type LedgerMismatch } from "../../billing/reconcile-ledger.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { RECORDED_JOBS } from "../../db/record-job-run.ts";
import { jobRuns } from "../../db/schema.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

/** The last finished ledger check (the hourly job's or a "run now"), or null before the first. */
export async function readLastReconciliation(options: { db: DbOrTx }): Promise<ReconciliationCheck | null> {
  const [run] = await options.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, RECORDED_JOBS.reconcile), isNotNull(jobRuns.finishedAt)))
    .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
    .limit(1);
  if (!run) return null;
  const result = run.result as {
    source?: string;
    checked?: number;
    mismatchCount?: number;
    mismatches?: LedgerMismatch[];
  };
  return {
    at: run.finishedAt!.toISOString(),
    ok: run.ok === true,
    error: run.error,
    source: result.source ?? null,
    checked: result.checked ?? 0,
    mismatchCount: result.mismatchCount ?? 0,
    mismatches: (result.mismatches ?? []).map((m) => ({
      userId: m.userId,
      email: m.email,
      balance: m.balance,
      ledgerSum: m.ledgerSum,
      difference: m.difference,
    })),
  };
}

/**
 * Runs the ledger check now, recorded like the hourly job's, and audits who asked and what it
 * found. The check writes no money (only its job run and, on a difference, an ops alert), so
 * the audit row follows it rather than sharing its transaction.
 */
export async function runReconciliationNow(options: { db: Db; actor: StaffActor }) {
  const { db, actor } = options;
  const result = await runRecordedReconcile({ db, source: `staff:${actor.label}` });
  await recordAuditEvent({
    tx: db,
    actor,
    action: "money.reconcile",
    target: { type: "ledger", id: "reconciliation" },
    summary: result.consistent
      ? `Ran the ledger check: ${result.checked === 1 ? "the 1 balance matches" : `all ${plural(result.checked, "balance")} match`} their ledger`
      : `Ran the ledger check: ${result.mismatches.length} of ${result.checked} balances differ from their ledger`,
    after: { checked: result.checked, mismatches: result.mismatches.map((m) => m.userId) },
  });
  return result;
}
