import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import type { Db } from "../../db/client.ts";
import { notifications, planPriceChanges, pricing } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueueNotification } from "../../notifications/enqueue-notification.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { PLAN_NOT_FOUND } from "./save-plan.ts";

export const NO_SCHEDULED_CHANGE =
  "No price change is waiting for this plan: it may have been cancelled already or reached its date.";

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Cancels a price rise whose notice still runs, in one transaction:
 * - the change row stays as history, marked cancelled; planPriceAt and the notice check of
 *   changePlanPrice ignore it from now on;
 * - the plan's price goes back to the price the rise replaced. A rise is in force for new
 *   buyers at once, so leaving `pricing.price` at the new price would, with the notice gone,
 *   charge the members who were promised the old price the new one at their next renewal —
 *   the opposite of cancelling. Members who bought at the new price meanwhile renew at the old,
 *   lower one: the rise is withdrawn for everybody;
 * - every member told of the rise (a price_change_notice naming this change) is told it is
 *   cancelled, by email and Telegram through the outbox, only if this commits;
 * - one audit row.
 * `changeId` is the change the person saw: a different (newer) one is not cancelled by mistake.
 */
export async function cancelScheduledPriceChange(options: {
  db: Db;
  planId: number;
  changeId: number;
  actor: StaffActor;
  now?: Date;
}) {
  const { db, planId, changeId, actor, now = new Date() } = options;
  return db.transaction(async (tx) => {
    // The plan row first, as savePlan locks it: a save and a cancellation of one plan run in turn.
    const [plan] = await tx.select().from(pricing).where(eq(pricing.id, planId)).for("update");
    if (!plan) throw new AppError("NOT_FOUND", PLAN_NOT_FOUND);
    const [change] = await tx
      .select()
      .from(planPriceChanges)
      .where(
        and(
          eq(planPriceChanges.id, changeId),
          eq(planPriceChanges.planId, planId),
          gt(planPriceChanges.effectiveAt, now),
          isNull(planPriceChanges.cancelledAt),
        ),
      )
      .for("update");
    if (!change) throw new AppError("CONFLICT", NO_SCHEDULED_CHANGE);

    await tx
      .update(planPriceChanges)
      .set({ cancelledAt: now, cancelledBy: actor.label })
      .where(eq(planPriceChanges.id, change.id));
    await tx.update(pricing).set({ price: change.oldPrice, updatedAt: now }).where(eq(pricing.id, plan.id));

    const told = await tx
      .select({ userId: notifications.userId, payload: notifications.payload })
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, "price_change_notice"),
          sql`${notifications.payload}->>'changeId' = ${String(change.id)}`,
        ),
      );
    for (const notice of told) {
      const period = notice.payload.period;
      await enqueueNotification({
        tx,
        userId: notice.userId,
        kind: "price_change_cancelled",
        payload: {
          plan: plan.name,
          ...(period ? { period } : {}),
          amount:
            period === "monthly" || period === "quarterly"
              ? formatUsdt(priceFor(change.oldPrice, period), { suffix: true })
              : (notice.payload.oldAmount ?? formatUsdt(change.oldPrice, { suffix: true })),
          cancelledOn: isoDate(now),
        },
      });
    }

    await recordAuditEvent({
      tx,
      actor,
      action: "plan.price_change_cancelled",
      target: { type: "plan", id: String(plan.id) },
      summary: `${plan.name}: the rise to ${formatUsdt(change.newPrice, { suffix: true })} a month from ${formatDate(change.effectiveAt)} cancelled; back to ${formatUsdt(change.oldPrice, { suffix: true })} a month (${told.length} told)`,
      before: {
        price: plan.price.toString(),
        scheduledPrice: change.newPrice.toString(),
        scheduledFrom: isoDate(change.effectiveAt),
      },
      after: { price: change.oldPrice.toString(), scheduledPrice: null, scheduledFrom: null },
      now,
    });
    return { planId: plan.id, price: change.oldPrice, cancelledPrice: change.newPrice, notified: told.length };
  });
}
