import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coverConditionSql } from "./cover-sql.ts";

/** A complimentary plan that gives the member every chat of another plan of theirs, and when it ends (null: never). */
export type ComplimentaryCover = { name: string; endsAt: Date | null };

/**
 * The member's active complimentary plan (other than `subscriptionId`) whose chats include every
 * chat of `planId`, still running after `at` (coverConditionSql): the one running longest. Null
 * when none does.
 */
export async function findComplimentaryCover(options: {
  db: DbOrTx;
  userId: string;
  planId: number;
  subscriptionId: string;
  at: Date;
}): Promise<ComplimentaryCover | null> {
  const { db, userId, planId, subscriptionId, at } = options;
  const result = await db.execute<{ name: string; ends_at: string | Date | null }>(sql`
    select p.name, cover.next_billing_date as ends_at
      from subscriptions cover
      join pricing p on p.id = cover.plan_id
     where ${coverConditionSql({
       userId: sql`${userId}`,
       planId: sql`${planId}::int`,
       subscriptionId: sql`${subscriptionId}::uuid`,
       at: sql`${at.toISOString()}::timestamptz`,
     })}
     order by cover.next_billing_date desc nulls first
     limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  return { name: row.name, endsAt: row.ends_at === null ? null : new Date(row.ends_at) };
}
