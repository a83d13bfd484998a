import { sql } from "drizzle-orm";
import { emptyProgress, type BroadcastProgress } from "~/lib/broadcasts";
import type { DbOrTx } from "../../db/client.ts";

/** How the deliveries of some broadcasts stand, by outcome (a delivery under way counts as queued). */
export async function getBroadcastProgress({
  db,
  broadcastIds,
}: {
  db: DbOrTx;
  broadcastIds: string[];
}): Promise<Map<string, BroadcastProgress>> {
  const progress = new Map<string, BroadcastProgress>(broadcastIds.map((id) => [id, emptyProgress()]));
  if (broadcastIds.length === 0) return progress;
  const rows = await db.execute<{ broadcast_id: string; status: string; n: number }>(sql`
    select broadcast_id, status::text, count(*)::int as n from broadcast_deliveries
    where broadcast_id in (${sql.join(
      broadcastIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by broadcast_id, status`);
  for (const row of rows.rows) {
    const counts = progress.get(row.broadcast_id)!;
    const key = row.status === "sending" ? "queued" : (row.status as keyof BroadcastProgress);
    counts[key] += Number(row.n);
  }
  return progress;
}

/** The audit log's words for an outcome. */
export function describeProgress(p: BroadcastProgress) {
  return `${p.sent} sent, ${p.failed} failed, ${p.blocked} blocked the bot, ${p.skipped} skipped${
    p.cancelled ? `, ${p.cancelled} not sent (cancelled)` : ""
  }`;
}
