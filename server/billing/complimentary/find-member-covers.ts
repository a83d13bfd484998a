import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coverConditionSql } from "./cover-sql.ts";

/** The complimentary plan that includes a paid one, and the gift's end as an ISO string (null: never). */
export type MemberCover = { gift: string; until: string | null };

/**
 * For each of the member's subscriptions whose next renewal would charge (active, autorenewing,
 * not complimentary, not an unconverted trial, not lifetime, with a next due date: the renewal's
 * own rule), the complimentary plan that covers it at that date (coverConditionSql), keyed by
 * subscription id. The same choice as findComplimentaryCover, the longest running gift, so what
 * the pages show is what the renewal skips; one query, however many plans the member holds.
 */
export async function findMemberCovers(options: { db: DbOrTx; userId: string }): Promise<Map<string, MemberCover>> {
  const { db, userId } = options;
  const result = await db.execute<{ id: string; gift: string; ends_at: string | Date | null }>(sql`
    select s.id, c.name as gift, c.ends_at
      from subscriptions s
      join lateral (
        select p.name, cover.next_billing_date as ends_at
          from subscriptions cover
          join pricing p on p.id = cover.plan_id
         where ${coverConditionSql({
           userId: sql`s.user_id`,
           planId: sql`s.plan_id`,
           subscriptionId: sql`s.id`,
           at: sql`s.next_billing_date`,
         })}
         order by cover.next_billing_date desc nulls first
         limit 1
      ) c on true
     where s.user_id = ${userId}
       and s.status = 'active' and s.autorenew and not s.complimentary
       and not (s.trial_ends_at is not null and s.trial_converted_at is null)
       and s.billing_period <> 'lifetime' and s.next_billing_date is not null`);
  // PGlite and node-postgres differ in how a timestamp comes back: a Date or a string.
  return new Map(
    result.rows.map((row) => [
      row.id,
      { gift: row.gift, until: row.ends_at === null ? null : new Date(row.ends_at).toISOString() },
    ]),
  );
}
