import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import type { Tx } from "../../db/client.ts";
import { planPriceChanges, subscriptions } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { enqueueNotification } from "../../notifications/enqueue-notification.ts";
import type { StaffActor } from "../record-audit-event.ts";

/** The terms' notice before a higher price reaches members who renew. */
export const PRICE_NOTICE_DAYS = 30;

export type PriceChange =
  | { mode: "unchanged" }
  | { mode: "immediate"; oldPrice: bigint; newPrice: bigint }
  | { mode: "scheduled"; oldPrice: bigint; newPrice: bigint; effectiveAt: Date; notified: number };

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A new monthly price for a plan whose row the caller has locked (`FOR UPDATE`), inside the
 * caller's transaction. New buyers pay it at once, whatever it is (the caller sets
 * `pricing.price`; /pricing shows it). For members who already renew the plan:
 * - lower, or nobody renews the plan: in force at once for their renewals too;
 * - higher with members renewing it: their renewals keep the old price for PRICE_NOTICE_DAYS
 *   (billing/plan-price-at.ts reads `effectiveAt`), and each renewing subscription gets a notice
 *   (email and Telegram, through the outbox) with the amount for its own period.
 * Every change is a row of plan_price_changes, dated `now` (plan-price-at.ts compares it with a
 * subscription's start). While a notice runs, another change is refused: the members were told
 * one price.
 */
export async function changePlanPrice(options: {
  tx: Tx;
  plan: { id: number; name: string; price: bigint };
  newPrice: bigint;
  actor: StaffActor;
  now: Date;
}): Promise<PriceChange> {
  const { tx, plan, newPrice, actor, now } = options;
  if (newPrice === plan.price) return { mode: "unchanged" };
  const [waiting] = await tx
    .select()
    .from(planPriceChanges)
    .where(
      and(
        eq(planPriceChanges.planId, plan.id),
        gt(planPriceChanges.effectiveAt, now),
        isNull(planPriceChanges.cancelledAt),
      ),
    );
  if (waiting) {
    throw new AppError(
      "CONFLICT",
      `A change to ${formatUsdt(waiting.newPrice, { suffix: true })} a month is already scheduled for ${formatDate(waiting.effectiveAt)}; members were told that price. Change it after that date.`,
    );
  }
  const renewing = await tx
    .select({ id: subscriptions.id, userId: subscriptions.userId, period: subscriptions.billingPeriod })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.planId, plan.id),
        eq(subscriptions.status, "active"),
        eq(subscriptions.autorenew, true),
        ne(subscriptions.billingPeriod, "lifetime"),
      ),
    );

  // `appliedAt`: when `pricing.price` took the new price, which is now in every case.
  const base = {
    planId: plan.id,
    oldPrice: plan.price,
    newPrice,
    createdBy: actor.label,
    createdAt: now,
    appliedAt: now,
  };
  if (newPrice < plan.price || renewing.length === 0) {
    await tx.insert(planPriceChanges).values({ ...base, effectiveAt: now });
    return { mode: "immediate", oldPrice: plan.price, newPrice };
  }
  const effectiveAt = new Date(now.getTime() + PRICE_NOTICE_DAYS * 24 * 60 * 60 * 1000);
  const [change] = await tx
    .insert(planPriceChanges)
    .values({ ...base, effectiveAt })
    .returning({ id: planPriceChanges.id });
  for (const sub of renewing) {
    await enqueueNotification({
      tx,
      userId: sub.userId,
      kind: "price_change_notice",
      payload: {
        plan: plan.name,
        period: sub.period,
        oldAmount: formatUsdt(priceFor(plan.price, sub.period), { suffix: true }),
        newAmount: formatUsdt(priceFor(newPrice, sub.period), { suffix: true }),
        effectiveOn: isoDate(effectiveAt),
        // Which change this notice announced: cancelling it tells exactly these members.
        changeId: String(change!.id),
      },
    });
  }
  return { mode: "scheduled", oldPrice: plan.price, newPrice, effectiveAt, notified: renewing.length };
}
