import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { broadcasts } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { describeProgress, getBroadcastProgress } from "./broadcast-progress.ts";
import { BROADCAST_MESSAGES } from "./messages.ts";

/**
 * Stops a scheduled broadcast, or one being sent: what is still queued is never sent (the
 * message under way, if any, finishes). One transaction with its audit row and the outcome so far.
 */
export async function cancelBroadcast(options: { db: Db; broadcastId: string; actor: StaffActor; now?: Date }) {
  const { db, broadcastId, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", BROADCAST_MESSAGES.notFound);
    if (row.state !== "scheduled" && row.state !== "sending")
      throw new AppError("CONFLICT", BROADCAST_MESSAGES.notCancellable);
    await tx.update(broadcasts).set({ state: "cancelled", cancelledAt: now }).where(eq(broadcasts.id, broadcastId));
    await tx.execute(sql`
      update broadcast_deliveries set status = 'cancelled'
      where broadcast_id = ${broadcastId}::uuid and status = 'queued'`);
    const progress = (await getBroadcastProgress({ db: tx, broadcastIds: [broadcastId] })).get(broadcastId)!;
    await recordAuditEvent({
      tx,
      actor,
      now,
      action: "broadcast.cancelled",
      target: { type: "broadcast", id: broadcastId },
      summary: `Broadcast “${row.subject}” cancelled${row.state === "sending" ? `: ${describeProgress(progress)}` : " before it started"}`,
      before: { state: row.state },
      after: { state: "cancelled", ...progress },
    });
    return { id: broadcastId, state: "cancelled" as const, progress };
  });
}
