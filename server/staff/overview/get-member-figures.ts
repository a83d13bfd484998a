import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import type { OverviewWindow } from "./overview-window.ts";

/**
 * Active members (members with at least one active subscription, of any kind: paid,
 * complimentary or lifetime — everyone who has access now) and sign-ups (member profiles
 * created today (UTC), in the last 7 and 30 days).
 * Active members read the partial unique index subscriptions_one_active_per_plan
 * (user_id, plan_id where active) alone; sign-ups read profiles_created_idx.
 */
export async function getMemberFigures(options: { db: DbOrTx; window: OverviewWindow }) {
  const { db, window: w } = options;
  const [row] = (
    await db.execute<{ active_members: number; today: number; days7: number; days30: number }>(sql`
      select (select count(*) from (select user_id from subscriptions where status = 'active' group by user_id) m)::int
               as active_members,
             count(*) filter (where created_at >= ${w.todayStart}::timestamptz)::int as today,
             count(*) filter (where created_at >= ${w.days7}::timestamptz)::int as days7,
             count(*)::int as days30
      from profiles
      where created_at >= ${w.days30}::timestamptz and created_at <= ${w.now}::timestamptz
    `)
  ).rows;
  return {
    activeMembers: row!.active_members,
    signUps: { today: row!.today, days7: row!.days7, days30: row!.days30 },
  };
}
