import { eq, sql } from "drizzle-orm";
import { waysOf } from "~/lib/broadcasts";
import type { DbOrTx } from "../../db/client.ts";
import { broadcasts } from "../../db/schema.ts";
import { inAudience, isMember, reachableByWay, waysTable } from "./audience-sql.ts";

/**
 * Starts sending a broadcast: one delivery row per member and way of its audience as it is now,
 * in one INSERT … SELECT (ten thousand members take a fraction of a second), and the broadcast
 * becomes `sending`. The (broadcast, member, way) key is unique, so queuing again adds nobody
 * twice. Run in the caller's transaction, with its audit row.
 */
export async function queueBroadcast(options: {
  tx: DbOrTx;
  broadcastId: string;
  now?: Date;
}): Promise<{ queued: number }> {
  const { tx, broadcastId, now = new Date() } = options;
  const [broadcast] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
  if (!broadcast) return { queued: 0 };
  const inserted = await tx.execute<{ queued: number }>(sql`
    with added as (
      insert into broadcast_deliveries (broadcast_id, user_id, way)
      select ${broadcastId}::uuid, p.id, w.way
      from profiles p join "user" u on u.id = p.id cross join ${waysTable(waysOf(broadcast.channel))}
      where ${isMember} and ${inAudience(broadcast.audience, now)} and ${reachableByWay}
      order by p.id, w.way
      on conflict (broadcast_id, user_id, way) do nothing
      returning 1)
    select count(*)::int as queued from added`);
  await tx
    .update(broadcasts)
    .set({ state: "sending", startedAt: now, scheduledAt: broadcast.scheduledAt ?? now })
    .where(eq(broadcasts.id, broadcastId));
  return { queued: Number(inserted.rows[0]?.queued ?? 0) };
}
