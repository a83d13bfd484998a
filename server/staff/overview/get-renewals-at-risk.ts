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
 * Renewals at risk: what the renewal job will fail to charge in the coming week unless the
 * members deposit.
 * - A renewal is due: an active, autorenewing, non-complimentary monthly or quarterly
 *   subscription whose next_billing_date is before `now` + 7 days (one already past due and not
 *   yet settled is due too: the next run charges it), unless a complimentary plan of the member's
 *   includes it past that date, or switching by a scheduled change to a plan the member holds
 *   already (unchargedAtDue): that renewal charges nothing (the latter ends the plan held).
 * - Its amount is what renewSubscription will charge: the monthly price in force at the due date
 *   (planPriceAt's notice rule) for the period (priceFor), less what the code bought with the
 *   plan still takes off; of the plan and period a scheduled change moves it to, if any.
 * - A member is at risk when their balance is below the SUM of their due renewals (two
 *   renewals drawn from one balance); all their due subscriptions are counted, and the
 *   shortfall is that sum minus the balance.
 * - A free trial that has not converted is not a renewal: its member never paid, and its end
 *   converts it or lets it lapse. Trials that will not convert for want of balance are counted
 *   apart (`trials`), with the same rule (autorenewing, due within 7 days, the member's balance
 *   below the sum of their due charges, trial and renewals together).
 * The due rows come from subscriptions_due_idx (status, next_billing_date); each member's balance
 * is looked up by key (a subquery per due member), so a week's renewals never read every profile.
 */
export async function getRenewalsAtRisk(options: {
  db: DbOrTx;
  in7Days: string;
}): Promise<{ subscriptions: number; members: number; shortfall: bigint; trials: number }> {
  const monthly = monthlyPriceInForce(sql`pending`);
  const [row] = (
    await options.db.execute<{ subscriptions: number; members: number; shortfall: string; trials: number }>(sql`
      with pending as (${pendingPlansCte}),
      due as (
        select s.user_id, sum(${renewalChargeSql(periodPriceSql(monthly))})::bigint as amount,
               count(*) filter (where not s.trial) as n, count(*) filter (where s.trial) as trials
        from ${renewingSubscriptions} s
        join pricing p on p.id = s.plan_id
        where s.status = 'active' and s.autorenew and not s.complimentary
          and s.billing_period in ('monthly', 'quarterly')
          and s.next_billing_date < ${options.in7Days}::timestamptz
          -- Included in a complimentary plan past its due date, or ending for a switch to a plan held:
          -- nothing will be charged, nothing is at risk.
          and not ${unchargedAtDue}
        group by s.user_id
      )
      -- Materialized: each due member's balance is looked up once.
      , short as materialized (
        select due.n, due.trials,
               due.amount - (select pr.balance from profiles pr where pr.id = due.user_id) as missing
        from due
      )
      select coalesce(sum(n), 0)::int as subscriptions, (count(*) filter (where n > 0))::int as members,
             coalesce(sum(missing) filter (where n > 0), 0)::text as shortfall,
             coalesce(sum(trials), 0)::int as trials
      from short
      where missing > 0
    `)
  ).rows;
  return {
    subscriptions: row!.subscriptions,
    members: row!.members,
    shortfall: BigInt(row!.shortfall),
    trials: row!.trials,
  };
}
