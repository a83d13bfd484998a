import { sql } from "drizzle-orm";
import type { AdminOverview } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

type Series = AdminOverview["series"];

/**
 * One point per UTC day from `firstDay` to today, computed in SQL (generate_series over the days,
 * aggregates over the rows of the range; nothing is loaded row by row):
 * - signUps: member profiles created that day (profiles_created_idx).
 * - revenue: money spent on plans that day: the `purchase` and `renewal` ledger debits, as
 *   positive amounts (ledger_kind_created_idx). Deposits, adjustments and refunds are not revenue
 *   and are not netted.
 * - activeMembers: members with an active subscription at the end of the day T (T = `now` for
 *   today): one that started before T and had not ended before T, its end being updated_at once
 *   it is no longer active (open while active). A member counts once: their subscriptions are
 *   turned into disjoint intervals first (below), then count(T) = intervals started before T −
 *   intervals ended before T, as running sums over the days: one pass over the subscriptions
 *   instead of one per day. Subscriptions that ended before the range add to both sums equally
 *   and are left out (subscriptions_ended_idx).
 */
export async function getDailySeries(options: {
  db: DbOrTx;
  window: OverviewWindow;
  withRevenue: boolean;
}): Promise<Series> {
  const { db, window: w, withRevenue } = options;
  const { rows } = await db.execute<{ day: string; sign_ups: number; active: number; revenue: string }>(sql`
    with days as (
      select d::date as day
      from generate_series(
        (${w.firstDay}::timestamptz at time zone 'UTC'),
        (${w.todayStart}::timestamptz at time zone 'UTC'),
        interval '1 day') d
    ),
    sign_ups as (
      select (created_at at time zone 'UTC')::date as day, count(*) as n
      from profiles
      where created_at >= ${w.firstDay}::timestamptz and created_at <= ${w.now}::timestamptz
      group by 1
    ),
    revenue as (
      select (created_at at time zone 'UTC')::date as day, sum(-amount) as amount
      from ledger_entries
      where ${withRevenue} and kind in ('purchase', 'renewal')
        and created_at >= ${w.firstDay}::timestamptz and created_at <= ${w.now}::timestamptz
      group by 1
    ),
    -- Each member with an active subscription counts from the start of the earliest one: active
    -- subscriptions never end, so nothing else about them matters (one hash aggregate, no sort).
    firsts as (
      select user_id, min(start_date) as a
      from subscriptions
      where status = 'active' and start_date < ${w.now}::timestamptz
      group by user_id
    ),
    -- Subscriptions that ended within the range, cut off where the member's active one starts (from
    -- then on the member already counts), then merged per member (gaps and islands) so
    -- overlapping ones count once. Only these few rows are sorted.
    spans as (
      select x.user_id, x.start_date as s, least(x.updated_at, coalesce(f.a, 'infinity'::timestamptz)) as e
      from subscriptions x left join firsts f on f.user_id = x.user_id
      where x.status <> 'active' and x.updated_at >= ${w.firstDay}::timestamptz and x.start_date < ${w.now}::timestamptz
    ),
    marked as (
      select user_id, s, e,
             case when s <= max(e) over (partition by user_id collate "C" order by s, e
                                         rows between unbounded preceding and 1 preceding)
                  then 0 else 1 end as opens
      from spans where e > s
    ),
    islands as (
      select user_id, s, e, sum(opens) over (partition by user_id collate "C" order by s, e rows unbounded preceding) as island
      from marked
    ),
    merged as (
      select min(s) as s, max(e) as e from islands group by user_id, island
      union all
      select a, 'infinity'::timestamptz from firsts
    ),
    -- Anything before the first day lands on it: the running sums then start from the base count.
    starts as (
      select greatest((s at time zone 'UTC')::date, (select min(day) from days)) as day, count(*) as n
      from merged group by 1
    ),
    ends as (
      select greatest((e at time zone 'UTC')::date, (select min(day) from days)) as day, count(*) as n
      from merged where e < ${w.now}::timestamptz group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(sign_ups.n, 0)::int as sign_ups,
           (sum(coalesce(starts.n, 0)) over w - sum(coalesce(ends.n, 0)) over w)::int as active,
           coalesce(revenue.amount, 0)::text as revenue
    from days
    left join sign_ups on sign_ups.day = days.day
    left join revenue on revenue.day = days.day
    left join starts on starts.day = days.day
    left join ends on ends.day = days.day
    window w as (order by days.day rows unbounded preceding)
    order by days.day
  `);
  const series: Series = {
    signUps: rows.map((r) => ({ day: r.day, count: r.sign_ups })),
    activeMembers: rows.map((r) => ({ day: r.day, count: r.active })),
  };
  if (withRevenue) series.revenue = rows.map((r) => ({ day: r.day, amount: r.revenue }));
  return series;
}
