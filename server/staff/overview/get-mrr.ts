import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { monthlyPriceInForce, pendingPlansCte, periodPriceSql } from "../price-in-force-sql.ts";

/**
 * MRR, monthly recurring revenue: what the active recurring subscriptions bring in a month.
 * - Counted: subscriptions with status 'active' on a monthly or quarterly plan that are not
 *   complimentary (a grant brings no money). Lifetime is a one-time sale, not recurring.
 * - A subscription whose autorenew is off still counts until it ends (the usual MRR rule: it is
 *   paid for the month it is in); it leaves MRR when it expires.
 * - Each at the price the member actually pays at the next due date (the notice rule of
 *   planPriceAt: a member protected by a pending rise counts at the old price); quarterly at
 *   the quarterly price (with its discount) divided by 3.
 * - MRR = Σ monthly prices + (Σ quarterly prices) / 3, floored to the micro-USDT.
 * Reads subscriptions_paid_recurring_idx alone (it carries plan, period and next due date); the
 * subscription's start date, for the notice rule, is its key.
 */
export async function getMrr(options: { db: DbOrTx }): Promise<{ mrr: bigint; subscriptions: number }> {
  const monthly = monthlyPriceInForce(sql`pending`);
  const [row] = (
    await options.db.execute<{ monthly: string; quarterly: string; n: number }>(sql`
      with pending as (${pendingPlansCte})
      select coalesce(sum(amount) filter (where billing_period = 'monthly'), 0)::text as monthly,
             coalesce(sum(amount) filter (where billing_period = 'quarterly'), 0)::text as quarterly,
             count(*)::int as n
      from (
        select s.billing_period, ${periodPriceSql(monthly)} as amount
        from subscriptions s join pricing p on p.id = s.plan_id
        where s.status = 'active' and s.billing_period <> 'lifetime' and not s.complimentary
          -- A free trial brings no money until its first charge.
          and (s.trial_ends_at is null or s.trial_converted_at is not null)
      ) priced
    `)
  ).rows;
  return { mrr: BigInt(row!.monthly) + BigInt(row!.quarterly) / 3n, subscriptions: row!.n };
}
