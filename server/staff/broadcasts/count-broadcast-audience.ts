import { sql } from "drizzle-orm";
import { waysOf, type BroadcastAudience, type BroadcastChannel } from "~/lib/broadcasts";
import type { DbOrTx } from "../../db/client.ts";
import { inAudience, isMember, reachableByWay, waysTable } from "./audience-sql.ts";

export type AudienceCount = { members: number; bot: number; email: number };

/**
 * How many a broadcast would reach if it were sent now: members in the audience, and of them
 * those reachable by each of the channel's ways (the messages it would send).
 */
export async function countBroadcastAudience(options: {
  db: DbOrTx;
  audience: BroadcastAudience;
  channel: BroadcastChannel;
  now?: Date;
}): Promise<AudienceCount> {
  const { db, audience, channel, now = new Date() } = options;
  const result = await db.execute<{ members: number; bot: number; email: number }>(sql`
    select count(distinct p.id)::int as members,
      count(*) filter (where w.way = 'bot')::int as bot,
      count(*) filter (where w.way = 'email')::int as email
    from profiles p join "user" u on u.id = p.id cross join ${waysTable(waysOf(channel))}
    where ${isMember} and ${inAudience(audience, now)} and ${reachableByWay}`);
  const row = result.rows[0]!;
  return { members: Number(row.members), bot: Number(row.bot), email: Number(row.email) };
}
