import { sql } from "drizzle-orm";
import type { PendingChange } from "~/lib/billing/complimentary-cover";
import type { DbOrTx } from "../../db/client.ts";
import { coverConditionSql, scheduledChangeAppliesSql, scheduledPlanHeldSql } from "./cover-sql.ts";

/** The complimentary plan that includes a paid one, and the gift's end as an ISO string (null: never). */
export type MemberCover = { gift: string; until: string | null };

/** What a subscription's next renewal will not charge, and why: a pending switch ends or settles it uncharged, or the plan held is covered. */
export type MemberCoverage = { coveredBy: MemberCover | null; pendingChange: PendingChange | null };

type Row = {
  id: string;
  held_plan: string;
  due: string | Date;
  gift: string | null;
  ends_at: string | Date | null;
  scheduled_plan: string | null;
  scheduled_gift: string | null;
  scheduled_ends_at: string | Date | null;
  scheduled_held: boolean;
};

// PGlite and node-postgres differ in how a timestamp comes back: a Date or a string.
const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * For each of the member's subscriptions whose next renewal would charge (active, autorenewing,
 * not complimentary, not an unconverted trial, not lifetime, with a next due date: the renewal's
 * own rule), why that renewal charges nothing, keyed by subscription id; a subscription charged
 * as usual is left out. One query, however many plans the member holds, on cover-sql.ts's
 * fragments, so what the pages show is what the renewal does:
 * - `pendingChange` of kind `held` first: the plan a change the member scheduled switches to is
 *   held already in another subscription (scheduledPlanHeldSql), so the plan held ends at that
 *   date, uncharged; the renewal decides this before any cover, so a plan held that a gift also
 *   covers is said as ending, not as covered;
 * - else `coveredBy`: the complimentary plan that covers the plan held at that date
 *   (coverConditionSql), the longest running gift, as findComplimentaryCover chooses it;
 * - else `pendingChange` of kind `covered`: the plan the scheduled change switches to is covered
 *   at that date, the change able to happen (scheduledChangeAppliesSql), so it applies uncharged.
 */
export async function findMemberCovers(options: { db: DbOrTx; userId: string }): Promise<Map<string, MemberCoverage>> {
  const { db, userId } = options;
  const coverOf = (planId: ReturnType<typeof sql>) => sql`
        select p.name, cover.next_billing_date as ends_at
          from subscriptions cover
          join pricing p on p.id = cover.plan_id
         where ${coverConditionSql({ userId: sql`s.user_id`, planId, subscriptionId: sql`s.id`, at: sql`s.next_billing_date` })}
         order by cover.next_billing_date desc nulls first
         limit 1`;
  const scheduled = {
    userId: sql`s.user_id`,
    scheduledPlanId: sql`s.scheduled_plan_id`,
    scheduledPeriod: sql`s.scheduled_billing_period`,
    subscriptionId: sql`s.id`,
  };
  const result = await db.execute<Row>(sql`
    select s.id, held.name as held_plan, s.next_billing_date as due,
           c.name as gift, c.ends_at,
           switched_to.name as scheduled_plan, sc.name as scheduled_gift, sc.ends_at as scheduled_ends_at,
           ${scheduledPlanHeldSql(scheduled)} as scheduled_held
      from subscriptions s
      join pricing held on held.id = s.plan_id
      left join pricing switched_to on switched_to.id = s.scheduled_plan_id
      left join lateral (${coverOf(sql`s.plan_id`)}) c on true
      left join lateral (
        select * from (${coverOf(sql`s.scheduled_plan_id`)}) scheduled_cover
         where ${scheduledChangeAppliesSql(scheduled)}
      ) sc on true
     where s.user_id = ${userId}
       and s.status = 'active' and s.autorenew and not s.complimentary
       and not (s.trial_ends_at is not null and s.trial_converted_at is null)
       and s.billing_period <> 'lifetime' and s.next_billing_date is not null`);
  const coverages = new Map<string, MemberCoverage>();
  for (const row of result.rows) {
    const coverage = coverageOf(row);
    if (coverage) coverages.set(row.id, coverage);
  }
  return coverages;
}

/**
 * A row's coverage, in the renewal's order: a switch to a plan held already first (the plan held
 * ends, even when a gift also covers it), then the plan held's cover, then a switch to a plan a
 * gift covers; null: charged.
 */
function coverageOf(row: Row): MemberCoverage | null {
  const on = iso(row.due);
  if (row.scheduled_plan !== null && row.scheduled_held)
    return { coveredBy: null, pendingChange: { kind: "held", held: row.held_plan, plan: row.scheduled_plan, on } };
  if (row.gift !== null)
    return {
      coveredBy: { gift: row.gift, until: row.ends_at === null ? null : iso(row.ends_at) },
      pendingChange: null,
    };
  if (row.scheduled_plan === null || row.scheduled_gift === null) return null;
  const until = row.scheduled_ends_at === null ? null : iso(row.scheduled_ends_at);
  return {
    coveredBy: null,
    pendingChange: { kind: "covered", plan: row.scheduled_plan, on, gift: row.scheduled_gift, until },
  };
}
