import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { priceFor } from "~/lib/pricing";
import type { Tx } from "../db/client.ts";
import { planPriceChanges, subscriptions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import type { StaffActor } from "./record-audit-event.ts";

/** The terms' notice before a higher price reaches members who renew (issue #16). */
export const PRICE_NOTICE_DAYS = 30;

export type PriceChange =
  | { mode: "unchanged" }
  | { mode: "immediate"; oldPrice: bigint; newPrice: bigint }
  | { mode: "scheduled"; oldPrice: bigint; newPrice: bigint; effectiveAt: Date; notified: number };

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A new monthly price for a plan whose row the caller has locked (`FOR UPDATE`), inside the
 * caller's transaction:
 * - lower, or nobody renews the plan: in force at once (new buyers and renewals alike);
 * - higher with members renewing it: scheduled PRICE_NOTICE_DAYS ahead. Each renewing
 *   subscription gets a notice (email and Telegram, through the outbox) with the amount for its
 *   own period; renewals due before the date keep the old price (billing/plan-price-at.ts), and
 *   `pricing.price` moves on the date (billing/apply-scheduled-prices.ts).
 * Every change is a row of plan_price_changes. While a change waits, another is refused: the
 * members were told one price.
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
    .where(and(eq(planPriceChanges.planId, plan.id), isNull(planPriceChanges.appliedAt), gt(planPriceChanges.effectiveAt, now)));
  if (waiting) {
    throw new AppError(
      "CONFLICT",
      `A change to ${formatUsdt(waiting.newPrice, { suffix: true })} a month is already scheduled for ${isoDate(waiting.effectiveAt)}; members were told that price. Change it after that date.`,
    );
  }
  const renewing = await tx
    .select({ id: subscriptions.id, userId: subscriptions.userId, period: subscriptions.billingPeriod })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, plan.id), eq(subscriptions.status, "active"), eq(subscriptions.autorenew, true), ne(subscriptions.billingPeriod, "lifetime")));

  const base = { planId: plan.id, oldPrice: plan.price, newPrice, createdBy: actor.label };
  if (newPrice < plan.price || renewing.length === 0) {
    await tx.insert(planPriceChanges).values({ ...base, effectiveAt: now, appliedAt: now });
    return { mode: "immediate", oldPrice: plan.price, newPrice };
  }
  const effectiveAt = new Date(now.getTime() + PRICE_NOTICE_DAYS * 24 * 60 * 60 * 1000);
  await tx.insert(planPriceChanges).values({ ...base, effectiveAt, appliedAt: null });
  for (const sub of renewing) {
    if (sub.period === "lifetime") continue;
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
      },
    });
  }
  return { mode: "scheduled", oldPrice: plan.price, newPrice, effectiveAt, notified: renewing.length };
}
