import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  monthlyPriceInForce,
  pendingPlansCte,
  periodPriceSql,
  renewalChargeSql,
  renewingSubscriptions,
  unchargedAtDue,
} from "../price-in-force-sql.ts";

/**
 * MRR, monthly recurring revenue: what the active recurring subscriptions bring in a month.
 * - Counted: subscriptions with status 'active' on a monthly or quarterly plan that are not
 *   complimentary (a grant brings no money). Lifetime is a one-time sale, not recurring.
 * - A paid plan a complimentary plan of the member's includes past its next due date is left out:
 *   that renewal charges nothing (unchargedAtDue). It counts again once the gift ends before a due date.
 *   So is one whose scheduled change switches to a plan the member holds already: it ends uncharged.
 * - A subscription whose autorenew is off still counts until it ends (the usual MRR rule: it is
 *   paid for the month it is in); it leaves MRR when it expires.
 * - Each at what its next renewal will charge, as the renewal reckons it: the plan and period it
 *   renews to (a smaller plan or shorter period the member scheduled), at the price in force at
 *   the due date (the notice rule of planPriceAt: a member protected by a pending rise counts at
 *   the old price), less what the coupon code bought with it still takes off renewals (every
 *   renewal, or the renewals it has left; a first-period-only code takes nothing off); quarterly
 *   at the quarterly price (with its discount) so reckoned, divided by 3. Counting list prices
 *   would promise money the renewals will never charge.
 * - MRR = Σ monthly charges + (Σ quarterly charges) / 3, floored to the micro-USDT.
 * The charge is renewalChargeSql over renewingSubscriptions, what the due list and the renewals
 * at risk price renewals by, so the figures agree.
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
        select s.billing_period, ${renewalChargeSql(periodPriceSql(monthly))} as amount
        from ${renewingSubscriptions} s join pricing p on p.id = s.plan_id
        where s.status = 'active' and s.billing_period <> 'lifetime' and not s.complimentary
          -- A free trial brings no money until its first charge.
          and not s.trial
          -- Its next renewal charges nothing while a complimentary plan includes it, or ends it uncharged.
          and not ${unchargedAtDue}
      ) priced
    `)
  ).rows;
  return { mrr: BigInt(row!.monthly) + BigInt(row!.quarterly) / 3n, subscriptions: row!.n };
}
