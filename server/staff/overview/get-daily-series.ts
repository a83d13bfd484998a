import { sql } from "drizzle-orm";
import type { AdminOverview } from "~/lib/view-types/admin/overview";
import type { DbOrTx } from "../../db/client.ts";
import { getActiveMemberSeries } from "./get-active-member-series.ts";
import type { OverviewWindow } from "./overview-window.ts";

type Series = AdminOverview["series"];

/**
 * One point per UTC day from `firstDay` to today, computed in SQL (generate_series over the days,
 * aggregates over the rows of the range; nothing is loaded row by row):
 * - signUps: member profiles created that day (profiles_created_idx).
 * - revenue: money spent on plans that day: the `purchase` and `renewal` ledger debits, as
 *   positive amounts (ledger_kind_created_idx). Deposits, adjustments and refunds are not revenue
 *   and are not netted.
 * - activeMembers: getActiveMemberSeries, run beside this query on its own connection.
 */
export async function getDailySeries(options: {
  db: DbOrTx;
  window: OverviewWindow;
  withRevenue: boolean;
}): Promise<Series> {
  const { db, window: w, withRevenue } = options;
  const [{ rows }, activeMembers] = await Promise.all([
    db.execute<{ day: string; sign_ups: number; revenue: string }>(sql`
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
      where created_at >= ${w.firstDay}::timestamptz and created_at <= ${w.end}::timestamptz
      group by 1
    ),
    revenue as (
      select (created_at at time zone 'UTC')::date as day, sum(-amount) as amount
      from ledger_entries
      where ${withRevenue} and kind in ('purchase', 'renewal')
        and created_at >= ${w.firstDay}::timestamptz and created_at <= ${w.end}::timestamptz
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(sign_ups.n, 0)::int as sign_ups,
           coalesce(revenue.amount, 0)::text as revenue
    from days
    left join sign_ups on sign_ups.day = days.day
    left join revenue on revenue.day = days.day
    order by days.day
  `),
    getActiveMemberSeries({ db, window: w }),
  ]);
  const series: Series = {
    signUps: rows.map((r) => ({ day: r.day, count: r.sign_ups })),
    activeMembers,
  };
  if (withRevenue) series.revenue = rows.map((r) => ({ day: r.day, amount: r.revenue }));
  return series;
}
