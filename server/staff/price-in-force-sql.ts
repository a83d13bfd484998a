import { sql, type SQL } from "drizzle-orm";
import { MICRO_PER_USDT } from "~/lib/money";
import { QUARTERLY_DISCOUNT_PERCENT } from "~/lib/pricing";
import { renewalUnchargedSql } from "../billing/complimentary/cover-sql.ts";

/**
 * The monthly price subscription `s` (joined with its plan as `p`) is charged at its next due
 * date, the rule of server/billing/plan-price-at.ts written as SQL so a figure over every
 * subscription stays one query: the old price of the earliest uncancelled price change that
 * takes effect after the due date and was made after the member subscribed (the 30 days' notice
 * still protects them), otherwise the plan's current price.
 *
 * `pendingPlans` names a CTE of the plans that have any uncancelled change still ahead of some
 * due date; the per-row look-up runs only for their subscriptions, so with no rise announced
 * (the usual case) the figure costs one pass over the subscriptions.
 */
export function monthlyPriceInForce(pendingPlans: SQL): SQL {
  return sql`coalesce(
    case when s.plan_id in (select plan_id from ${pendingPlans}) then (
      select c.old_price from plan_price_changes c
      where c.plan_id = s.plan_id and c.effective_at > s.next_billing_date
        and c.created_at > s.start_date and c.cancelled_at is null
      order by c.effective_at, c.id limit 1
    ) end,
    p.price)`;
}

/** The CTE body `pendingPlans` above refers to. */
export const pendingPlansCte = sql`select distinct plan_id from plan_price_changes
  where cancelled_at is null
    and effective_at > (select min(next_billing_date) from subscriptions where status = 'active')`;

/**
 * What one period of `period` costs at `monthly`, as priceFor (app/lib/pricing.ts) computes it:
 * quarterly = monthly × 3 less the discount, floored to whole USDT (integer division of
 * positive bigints floors, as in JS).
 */
export function periodPriceSql(monthly: SQL): SQL {
  const percent = sql.raw(String(100n - QUARTERLY_DISCOUNT_PERCENT));
  const unit = sql.raw(String(MICRO_PER_USDT));
  return sql`case when s.billing_period = 'quarterly'
    then ((${monthly}) * 3 * ${percent} / 100) / ${unit} * ${unit}
    else (${monthly}) end`;
}

/**
 * What subscription `s`'s renewal charges at `listPrice` (one period's price, periodPriceSql):
 * less what the code bought with the plan still takes off, the rule of
 * server/coupons/renewal-discount.ts written as SQL (a percent of the price rounded down, or a
 * fixed amount; none once its renewals are used up), never below zero.
 */
export function renewalChargeSql(listPrice: SQL): SQL {
  return sql`greatest((${listPrice}) - coalesce((
      select case when c.kind = 'percent' then (${listPrice}) * c.percent_off / 100 else c.amount_off end
      from coupons c
      where c.id = s.coupon_id and coalesce(s.coupon_renewals_left, 1) > 0
    ), 0), 0)`;
}

/**
 * The subscriptions as their next renewal will charge them, to select from as `s`: a change the
 * member scheduled (a smaller plan, a shorter period) is applied by the renewal first
 * (server/billing/resolve-scheduled-change.ts), so its plan and period stand in for the held ones and
 * the old plan's code no longer applies. `held_plan_id`, `scheduled_plan_id`,
 * `scheduled_billing_period`: the plan held now and the change, what a complimentary plan's cover
 * is judged on (unchargedAtDue). `trial`: a free trial not converted yet.
 */
export const renewingSubscriptions = sql`(select id, user_id, status, autorenew, complimentary,
    next_billing_date, start_date, coupon_renewals_left, plan_id as held_plan_id,
    scheduled_plan_id, scheduled_billing_period,
    coalesce(scheduled_plan_id, plan_id) as plan_id,
    coalesce(scheduled_billing_period, billing_period) as billing_period,
    case when scheduled_plan_id is null then coupon_id end as coupon_id,
    trial_ends_at is not null and trial_converted_at is null as trial
  from subscriptions)`;

/**
 * True when subscription `s` (of renewingSubscriptions) is charged nothing at its next due date
 * because a complimentary plan of the member's includes the plan it holds past that date, or the
 * plan a scheduled change switches it to: the renewal moves it on instead
 * (server/billing/renew-subscription.ts, by the same SQL). A gift that ends first leaves it charged
 * as any renewal. Nor when a scheduled change switches it to a plan the member holds already: the
 * renewal ends it uncharged.
 */
export const unchargedAtDue = renewalUnchargedSql({
  userId: sql`s.user_id`,
  heldPlanId: sql`s.held_plan_id`,
  scheduledPlanId: sql`s.scheduled_plan_id`,
  scheduledPeriod: sql`s.scheduled_billing_period`,
  subscriptionId: sql`s.id`,
  at: sql`s.next_billing_date`,
});
