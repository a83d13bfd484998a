import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { periodPriceSql, renewalChargeSql } from "../price-in-force-sql.ts";

/**
 * MRR as it stood at a past moment `at`, what the MRR card's change is measured against.
 * - Counted as getMrr counts now: paid (not complimentary) monthly and quarterly subscriptions
 *   that were active at `at`: started by then and either still active or ended after it (a
 *   subscription's end is its updated_at once it left 'active', as churn reads it).
 * - Each at the monthly price renewals were charged at `at`: the old price of the plan's earliest
 *   uncancelled price change taking effect after `at`, else the plan's price now. The notice that
 *   kept some members on an older price for a while is not replayed: the past figure prices every
 *   member of a plan alike.
 * - Less what the coupon code bought with the subscription took off its renewals then, as getMrr
 *   (renewalChargeSql). A subscription is granted its code's rule when it is bought and only ever
 *   loses it (used up by its last discounted renewal, dropped by a plan change applied at a
 *   renewal), so a code it still holds now it held at `at`, with at least as many renewals left.
 *   One that ran out or was dropped since is not known from the rows any more: that subscription
 *   counts at the full price, so the past figure may stand a little above what was charged.
 * - Quarterly at the quarterly price ÷ 3, floored to the micro-USDT, as getMrr.
 * The price is looked up once per plan; the active subscriptions come from
 * subscriptions_paid_recurring_idx, the ended ones from subscriptions_ended_idx.
 */
export async function getPastMrr(options: { db: DbOrTx; at: string }): Promise<bigint> {
  const { db, at } = options;
  const [row] = (
    await db.execute<{ monthly: string; quarterly: string }>(sql`
      with price_then as (
        select p.id as plan_id, coalesce((
          select c.old_price from plan_price_changes c
          where c.plan_id = p.id and c.cancelled_at is null and c.effective_at > ${at}::timestamptz
          order by c.effective_at, c.id limit 1
        ), p.price) as price
        from pricing p
      ),
      counted as (
        select plan_id, billing_period, coupon_id, coupon_renewals_left from subscriptions
        where status = 'active' and not complimentary and billing_period <> 'lifetime'
          and start_date <= ${at}::timestamptz
          -- A free trial counts from its first charge.
          and (trial_ends_at is null or trial_converted_at <= ${at}::timestamptz)
        union all
        select plan_id, billing_period, coupon_id, coupon_renewals_left from subscriptions
        where status <> 'active' and updated_at > ${at}::timestamptz
          and billing_period in ('monthly', 'quarterly') and not complimentary
          and start_date <= ${at}::timestamptz
          and (trial_ends_at is null or trial_converted_at <= ${at}::timestamptz)
      )
      select coalesce(sum(amount) filter (where billing_period = 'monthly'), 0)::text as monthly,
             coalesce(sum(amount) filter (where billing_period = 'quarterly'), 0)::text as quarterly
      from (
        select s.billing_period, ${renewalChargeSql(periodPriceSql(sql`pt.price`))} as amount
        from counted s join price_then pt on pt.plan_id = s.plan_id
      ) priced
    `)
  ).rows;
  return BigInt(row!.monthly) + BigInt(row!.quarterly) / 3n;
}
