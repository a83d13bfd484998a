import { sql, type SQL } from "drizzle-orm";
import type { BroadcastAudience, BroadcastWay } from "~/lib/broadcasts";

/*
 * Who a broadcast reaches, as SQL over `profiles p` joined to `"user" u` and the ways `w(way)`:
 * members only (no staff account, none banned or deleted), in the audience, and reachable by the
 * way — the bot needs a verified Telegram account that has not blocked it, and a member who
 * stopped broadcasts by a way is never queued for it.
 */

const plansOf = (audience: BroadcastAudience) =>
  audience.planIds.length === 0
    ? sql``
    : sql` and s.plan_id in (${sql.join(
        audience.planIds.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/** A member of the site, not someone who runs it: staff accounts have a profile too. */
export const isMember = sql`u.deleted_at is null and not coalesce(u.banned, false) and coalesce(u.role, 'user') = 'user'`;

/** The audience's condition: any of its statuses. */
export function inAudience(audience: BroadcastAudience, now: Date): SQL {
  const plans = plansOf(audience);
  const parts = audience.statuses.map((status) => {
    if (status === "active")
      return sql`exists (select 1 from subscriptions s where s.user_id = p.id and s.status = 'active'${plans})`;
    if (status === "trial")
      return sql`exists (select 1 from subscriptions s where s.user_id = p.id and s.status = 'active'
          and s.trial_ends_at is not null and s.trial_converted_at is null${plans})`;
    if (status === "ended")
      // Ended within the window (an ended row's updated_at is when it ended, as the overview's
      // churn reads it) and not holding one of those plans again since.
      return sql`(exists (select 1 from subscriptions s where s.user_id = p.id and s.status <> 'active'
          and s.updated_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${audience.endedWithinDays})${plans})
        and not exists (select 1 from subscriptions s where s.user_id = p.id and s.status = 'active'${plans}))`;
    // Signed up and never held a plan: no subscription of any kind, whatever the plans chosen.
    return sql`not exists (select 1 from subscriptions s where s.user_id = p.id)`;
  });
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/** Reachable by the way in `way` (a column) now. */
export const reachableBy = (way: SQL) => sql`(
  (${way} = 'email' or (p.telegram_verified and p.telegram_user_id is not null and p.telegram_blocked_at is null))
  and not exists (select 1 from broadcast_opt_outs o where o.user_id = p.id and o.way = ${way}))`;

/** Reachable by `w.way` now. */
export const reachableByWay = reachableBy(sql`w.way`);

/** The ways as a table `w(way)`. */
export const waysTable = (ways: BroadcastWay[]) =>
  sql`(values ${sql.join(
    ways.map((way) => sql`(${way}::broadcast_way)`),
    sql`, `,
  )}) as w(way)`;
