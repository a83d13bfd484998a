import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { broadcasts } from "../../db/schema.ts";
import { recordAuditEvent } from "../record-audit-event.ts";
import { BROADCAST_SENDER } from "./finish-broadcasts.ts";
import { queueBroadcast } from "./queue-broadcast.ts";

/**
 * Scheduled broadcasts whose time has come start: their audience is queued as it is now, each in
 * its own transaction with its audit row, claimed with SKIP LOCKED so two instances start each once.
 */
export async function startDueBroadcasts(options: { db: Db; now?: Date }): Promise<number> {
  const { db, now = new Date() } = options;
  const due = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.state, "scheduled"), lte(broadcasts.scheduledAt, now)))
    .orderBy(asc(broadcasts.scheduledAt));
  let started = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(broadcasts)
        .where(and(eq(broadcasts.id, id), eq(broadcasts.state, "scheduled"), lte(broadcasts.scheduledAt, now)))
        .for("update", { skipLocked: true });
      if (!row) return false;
      const { queued } = await queueBroadcast({ tx, broadcastId: id, now });
      await recordAuditEvent({
        tx,
        actor: BROADCAST_SENDER,
        now,
        action: "broadcast.started",
        target: { type: "broadcast", id },
        summary: `Scheduled broadcast “${row.subject}” started: ${queued} messages queued`,
        before: { state: "scheduled" },
        after: { state: "sending", queued },
      });
      return true;
    });
    if (done) started++;
  }
  return started;
}
