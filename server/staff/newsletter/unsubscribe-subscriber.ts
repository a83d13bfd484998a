import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { subscriberStatusOf } from "./subscriber-status.ts";

/**
 * Ends a subscription for the person who asked staff to, as their own unsubscribe
 * link would: the address stays, marked unsubscribed, and emails still queued for it are skipped
 * by the sender. Audited with the state before and after; saying it twice changes nothing.
 */
export async function unsubscribeSubscriber(options: { db: Db; subscriberId: number; actor: StaffActor; now?: Date }) {
  const { db, subscriberId, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", "That subscriber no longer exists.");
    const before = subscriberStatusOf(row);
    if (before === "unsubscribed") return { email: row.email, changed: false };
    await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now, updatedAt: now })
      .where(eq(newsletterSubscribers.id, subscriberId));
    await recordAuditEvent({
      tx,
      actor,
      action: "newsletter.subscriber_unsubscribed",
      target: { type: "newsletter_subscriber", id: String(subscriberId) },
      summary: `Unsubscribed ${row.email} from the newsletter`,
      before: { email: row.email, status: before },
      after: { email: row.email, status: "unsubscribed" },
      now,
    });
    return { email: row.email, changed: true };
  });
}
