import { and, asc, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { withRetry } from "../db/db-errors.ts";
import { subscriptions } from "../db/schema.ts";
import { dueForRenewal } from "./due-subscriptions.ts";
import { renewSubscription } from "./renew-subscription.ts";

export type RenewalRunResult = {
  charged: number;
  expired: number;
  failed: number;
  /** Subscriptions whose settlement threw (rolled back, retried on the next run); see `onError`. */
  errored: number;
};

/**
 * The renewal job: settles every subscription due at `now`.
 *
 * Due subscriptions are listed in batches of `batchSize`, in due order, with a keyset cursor
 * (next_billing_date, id) so the run always advances; each one is then claimed with
 * FOR UPDATE SKIP LOCKED and settled in its own transaction (see renewSubscription). Several
 * runners — on one server or many — may run at once: a row another runner holds is skipped,
 * a row another runner settled is no longer due, and the ledger reference per (subscription,
 * due date) is the last guard against a double charge. A subscription left overdue for
 * several periods is charged once per missed due date, each from the previous due date.
 *
 * One broken subscription does not stop the others: its error is passed to `onError` (the job
 * logs it), counted in `errored`, and its transaction rolled back.
 */
export async function runRenewals(options: {
  db: Db;
  now?: Date;
  batchSize?: number;
  onError?: (subscriptionId: string, error: unknown) => void;
}): Promise<RenewalRunResult> {
  const { db, now = new Date(), batchSize = 100, onError } = options;
  const result: RenewalRunResult = { charged: 0, expired: 0, failed: 0, errored: 0 };
  // The cursor keeps the database's microseconds (a JS Date would round them off and could
  // select the same skipped row again and again).
  const dueText = sql<string>`to_char(${subscriptions.nextBillingDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
  let cursor: { due: string; id: string } | undefined;
  for (;;) {
    const after = cursor
      ? sql`(${subscriptions.nextBillingDate}, ${subscriptions.id}) > ((${cursor.due}::timestamp at time zone 'UTC'), ${cursor.id}::uuid)`
      : undefined;
    const batch = await db
      .select({ id: subscriptions.id, due: dueText })
      .from(subscriptions)
      .where(and(dueForRenewal(now), after))
      .orderBy(asc(subscriptions.nextBillingDate), asc(subscriptions.id))
      .limit(batchSize);
    if (batch.length === 0) return result;
    for (const candidate of batch) {
      try {
        const outcome = await withRetry(() => renewSubscription({ db, subscriptionId: candidate.id, now }));
        if (outcome !== "skipped") result[outcome] += 1;
      } catch (error) {
        result.errored += 1;
        onError?.(candidate.id, error);
      }
    }
    const last = batch[batch.length - 1]!;
    cursor = { due: last.due, id: last.id };
  }
}
