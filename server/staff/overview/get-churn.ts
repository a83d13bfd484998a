import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { replacedSql } from "./replaced-sql.ts";

/**
 * Churn over a period (from, to] = ended ÷ activeAtStart, over paid recurring subscriptions
 * (monthly and quarterly, not complimentary: lifetime never ends and a grant is not a paying
 * customer). The overview asks for the last 30 days and for the 30 days before them.
 * - A subscription's end is the moment it left 'active' (became 'expired' or 'cancelled'):
 *   its updated_at, since a subscription is never written again once ended.
 * - ended: subscriptions whose end is in (from, to], but not one an upgrade or a converted trial
 *   replaced: its member stayed and pays for a plan that includes it.
 * - activeAtStart: subscriptions active at `from`: started at or before it and either still
 *   active or ended after it (after `to` too).
 * Null rate when nothing was active at the start. A subscription started and ended inside the
 * period counts in `ended` but not in `activeAtStart`, as the plain ratio has it.
 * The active ones are counted from subscriptions_paid_recurring_idx alone (by start date), the
 * ended ones from subscriptions_ended_idx (by updated_at): two index ranges, never the whole table.
 */
export async function getChurn(options: { db: DbOrTx; from: string; to: string }) {
  const { db, from, to } = options;
  const [row] = (
    await db.execute<{ ended: number; active_at_start: number }>(sql`
      -- A replaced subscription left no gap: not ended, though it was active at the start if it was.
      select count(*) filter (where updated_at <= ${to}::timestamptz and not ${replacedSql("subscriptions")})::int as ended,
             (count(*) filter (where start_date <= ${from}::timestamptz)
              + (select count(*) from subscriptions
                 where status = 'active' and not complimentary and billing_period <> 'lifetime'
                   and start_date <= ${from}::timestamptz
                   and (trial_ends_at is null or trial_converted_at <= ${from}::timestamptz)))::int as active_at_start
      from subscriptions
      where status <> 'active' and updated_at > ${from}::timestamptz
        and billing_period in ('monthly', 'quarterly') and not complimentary
        -- A trial that ended unpaid was never a paying subscription, so it is not churn.
        and (trial_ends_at is null or trial_converted_at is not null)
    `)
  ).rows;
  return { ended: row!.ended, activeAtStart: row!.active_at_start };
}
