import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

/**
 * The member figures, each with what it is compared with:
 * - total members: every account with a profile (the Members list's people, staff who are
 *   members too included), now and 30 days ago. "30 days ago" counts the profiles created by
 *   then that still exist: an account deleted since is gone from both, so the change is the
 *   sign-ups of the 30 days less nothing that cannot be seen any more.
 * - active members: members with at least one active subscription, of any kind (paid,
 *   complimentary or lifetime: everyone who has access), now and at `now` − 30 days. At that
 *   moment a member counts when one of their subscriptions had started and had not yet ended, its
 *   end being updated_at once it left 'active' (as the daily series counts).
 * - sign-ups: member profiles created today (UTC), in the last 7 and 30 days, and in the 30 days
 *   before those.
 * Totals and sign-ups read profiles_created_idx alone; active members now the partial unique
 * index subscriptions_one_active_per_plan, 30 days ago subscriptions_active_start_idx and
 * subscriptions_ended_idx (two ranges, never the whole table).
 */
export async function getMemberFigures(options: { db: DbOrTx; window: OverviewWindow }) {
  const { db, window: w } = options;
  const [row] = (
    await db.execute<{
      active_members: number;
      active_before: number;
      total: number;
      total_before: number;
      today: number;
      days7: number;
      days30: number;
      previous30: number;
    }>(sql`
      select (select count(*) from (select user_id from subscriptions where status = 'active' group by user_id) m)::int
               as active_members,
             (select count(*) from (
                select user_id from subscriptions
                where status = 'active' and start_date <= ${w.days30}::timestamptz
                union
                select user_id from subscriptions
                where status <> 'active' and updated_at > ${w.days30}::timestamptz
                  and start_date <= ${w.days30}::timestamptz
              ) m)::int as active_before,
             count(*)::int as total,
             count(*) filter (where created_at < ${w.days30}::timestamptz)::int as total_before,
             count(*) filter (where created_at >= ${w.todayStart}::timestamptz)::int as today,
             count(*) filter (where created_at >= ${w.days7}::timestamptz)::int as days7,
             count(*) filter (where created_at >= ${w.days30}::timestamptz)::int as days30,
             count(*) filter (where created_at >= ${w.days60}::timestamptz
                                and created_at < ${w.days30}::timestamptz)::int as previous30
      from profiles
      where created_at <= ${w.end}::timestamptz
    `)
  ).rows;
  const r = row!;
  return {
    totalMembers: { now: r.total, days30Ago: r.total_before },
    activeMembers: r.active_members,
    activeMembers30dAgo: r.active_before,
    signUps: { today: r.today, days7: r.days7, days30: r.days30, previous30: r.previous30 },
  };
}
