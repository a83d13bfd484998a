import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

/**
 * Members with an active subscription at the end of each UTC day T of the range (T = `now` for
 * today): a member counts on T when one of their subscriptions started before T and had not
 * ended before T, its end being updated_at once it is no longer active (open while active). A
 * member counts once however many of their subscriptions overlap.
 *
 * count(T) = members counting from before T − members who stopped before T, as running sums over
 * the days, so the subscriptions are read once, not once per day:
 * - A member with an active subscription counts from the start of the earliest one, for good
 *   (active subscriptions never end). Those starts come from an index-only scan of
 *   subscriptions_active_idx in member order (a streaming min per member, no hash, no sort) and
 *   are counted per day straight away.
 * - Subscriptions that ended within the range (subscriptions_ended_idx) add intervals, cut off
 *   where the member's active one starts (from then on the member already counts); those lying
 *   wholly before the range or after that start add nothing and are dropped. A member with one
 *   such interval needs no merging; only members with several are merged (gaps and islands, the
 *   one sort), so overlapping intervals count once.
 * Anything before the first day lands on it: the running sums start from the base count.
 */
export async function getActiveMemberSeries(options: {
  db: DbOrTx;
  window: OverviewWindow;
}): Promise<{ day: string; count: number }[]> {
  const { db, window: w } = options;
  const { rows } = await db.execute<{ day: string; active: number }>(sql`
    with days as (
      select d::date as day
      from generate_series(
        (${w.firstDay}::timestamptz at time zone 'UTC'),
        (${w.todayStart}::timestamptz at time zone 'UTC'),
        interval '1 day') d
    ),
    first_day as (select min(day) as day from days),
    firsts as (
      select user_id, min(start_date) as a
      from subscriptions
      where status = 'active' and start_date < ${w.end}::timestamptz
      group by user_id
    ),
    spans as (
      select x.user_id, x.start_date as s, least(x.updated_at, coalesce(f.a, 'infinity'::timestamptz)) as e
      from subscriptions x left join firsts f on f.user_id = x.user_id
      where x.status <> 'active' and x.updated_at >= ${w.firstDay}::timestamptz
        and x.start_date < ${w.end}::timestamptz
        and (f.a is null or f.a > x.start_date)
    ),
    live as (
      select user_id, s, e from spans where e > s and e >= ${w.firstDay}::timestamptz
    ),
    several as (select user_id from live group by user_id having count(*) > 1),
    marked as (
      select user_id, s, e,
             case when s <= max(e) over (partition by user_id collate "C" order by s, e
                                         rows between unbounded preceding and 1 preceding)
                  then 0 else 1 end as opens
      from live where user_id in (select user_id from several)
    ),
    islands as (
      select user_id, s, e, sum(opens) over (partition by user_id collate "C" order by s, e rows unbounded preceding) as island
      from marked
    ),
    merged as (
      select s, e from live where user_id not in (select user_id from several)
      union all
      select min(s), max(e) from islands group by user_id, island
    ),
    events as (
      select greatest((a at time zone 'UTC')::date, (select day from first_day)) as day, count(*) as starts, 0 as ends
      from firsts group by 1
      union all
      select greatest((s at time zone 'UTC')::date, (select day from first_day)), count(*), 0
      from merged group by 1
      union all
      select greatest((e at time zone 'UTC')::date, (select day from first_day)), 0, count(*)
      from merged where e < ${w.end}::timestamptz group by 1
    ),
    per_day as (
      select day, sum(starts) as starts, sum(ends) as ends from events group by day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           (sum(coalesce(per_day.starts, 0)) over w - sum(coalesce(per_day.ends, 0)) over w)::int as active
    from days left join per_day on per_day.day = days.day
    window w as (order by days.day rows unbounded preceding)
    order by days.day
  `);
  return rows.map((r) => ({ day: r.day, count: r.active }));
}
