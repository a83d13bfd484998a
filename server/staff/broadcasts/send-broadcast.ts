import { eq } from "drizzle-orm";
import type { BroadcastContentInput } from "~/lib/validation/admin/broadcasts";
import { getPublicOrigin } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { broadcasts } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { countBroadcastAudience } from "./count-broadcast-audience.ts";
import { BROADCAST_MESSAGES } from "./messages.ts";
import { queueBroadcast } from "./queue-broadcast.ts";
import { saveBroadcast } from "./save-broadcast.ts";

/**
 * What the compose page's buttons do, each in one transaction with its audit rows: save the
 * draft; send now (saved, then its audience queued: the sender starts within seconds); or
 * schedule (saved, to start at `scheduledAt`). An audience nobody in it can be reached is refused
 * before anything is written.
 */
export async function sendBroadcast(options: {
  db: Db;
  broadcastId: string | "new";
  input: BroadcastContentInput;
  when: "draft" | "now" | Date;
  actor: StaffActor;
  now?: Date;
}): Promise<{ id: string; state: string; queued?: number }> {
  const { db, broadcastId, input, when, actor, now = new Date() } = options;
  if (when instanceof Date && when.getTime() <= now.getTime())
    throw new AppError("VALIDATION", BROADCAST_MESSAGES.scheduleInPast, {
      fieldErrors: { scheduledAt: BROADCAST_MESSAGES.scheduleInPast },
    });
  return db.transaction(async (tx) => {
    const saved = await saveBroadcast({ tx, broadcastId, input, actor, siteUrl: getPublicOrigin() });
    if (when === "draft") return saved;
    const count = await countBroadcastAudience({ db: tx, audience: input.audience, channel: input.channel, now });
    if (count.bot + count.email === 0)
      throw new AppError("VALIDATION", BROADCAST_MESSAGES.noRecipients, {
        fieldErrors: { audience: BROADCAST_MESSAGES.noRecipients },
      });
    if (when === "now") {
      const { queued } = await queueBroadcast({ tx, broadcastId: saved.id, now });
      await recordAuditEvent({
        tx,
        actor,
        now,
        action: "broadcast.sent",
        target: { type: "broadcast", id: saved.id },
        summary: `Broadcast “${input.subject}” sent: ${queued} messages queued`,
        before: { state: saved.state },
        after: { state: "sending", queued, channel: input.channel, audience: input.audience },
      });
      return { id: saved.id, state: "sending", queued };
    }
    await tx.update(broadcasts).set({ state: "scheduled", scheduledAt: when }).where(eq(broadcasts.id, saved.id));
    await recordAuditEvent({
      tx,
      actor,
      now,
      action: "broadcast.scheduled",
      target: { type: "broadcast", id: saved.id },
      summary: `Broadcast “${input.subject}” scheduled for ${when.toISOString()}`,
      before: { state: saved.state },
      after: { state: "scheduled", scheduledAt: when.toISOString(), recipientsNow: count },
    });
    return { id: saved.id, state: "scheduled" };
  });
}
