import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { describeProgress, getBroadcastProgress } from "./broadcast-progress.ts";

/** Who the audit log names for what the sender did on its own. */
export const BROADCAST_SENDER: StaffActor = { userId: null, label: "broadcast sender", role: "system" };

/**
 * Broadcasts being sent with nothing left to do become `done`, each with an audit row of its
 * outcome in the same transaction (so the outcome is recorded exactly once).
 */
export async function finishBroadcasts(options: { db: Db; now?: Date }) {
  const { db, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const done = await tx.execute<{ id: string; subject: string }>(sql`
      update broadcasts b set state = 'done', finished_at = ${now.toISOString()}::timestamptz, updated_at = now()
      where b.state = 'sending'
        and not exists (select 1 from broadcast_deliveries d where d.broadcast_id = b.id and d.status in ('queued', 'sending'))
      returning b.id::text as id, b.subject`);
    if (done.rows.length === 0) return 0;
    const progress = await getBroadcastProgress({ db: tx, broadcastIds: done.rows.map((r) => r.id) });
    for (const row of done.rows) {
      const outcome = progress.get(row.id)!;
      await recordAuditEvent({
        tx,
        actor: BROADCAST_SENDER,
        now,
        action: "broadcast.finished",
        target: { type: "broadcast", id: row.id },
        summary: `Broadcast “${row.subject}” finished: ${describeProgress(outcome)}`,
        after: { state: "done", ...outcome },
      });
    }
    return done.rows.length;
  });
}
