import { and, eq } from "drizzle-orm";
import { scheduledChoices } from "~/lib/billing/plan-switch";
import type { BillingPeriod } from "~/lib/pricing";
import type { Db } from "../db/client.ts";
import { pricing, profiles, subscriptions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { getHeldPlans } from "./held-plans.ts";

export const planChangeMessages = {
  notFound: "Subscription not found.",
  notAllowed: "This plan cannot be changed to that one at renewal.",
  alreadyActive: (name: string) => `You already have ${name}.`,
  nothingScheduled: "No change is scheduled for this subscription.",
  trial: (name: string) =>
    `A free trial cannot be changed to another plan: at its end it continues as ${name}, monthly. ` +
    "To have another plan instead, turn autorenew off and subscribe to it once the trial has ended.",
} as const;

/**
 * Schedules a downgrade (a plan inside this one) or a shorter period for the subscription's next
 * renewal: nothing changes and nothing is charged now; the renewal switches the subscription to it
 * and charges its price (renew-subscription.ts). Autorenew is turned on, since the change happens
 * only by renewing. The member's own active subscription only (another member's id is a 404, as
 * everywhere). A new choice replaces the one before. Locks the member's profile row, as purchases
 * do, so an upgrade bought at the same moment and this never cross.
 */
export async function schedulePlanChange(options: {
  db: Db;
  userId: string;
  subscriptionId: string;
  planId: number;
  billingPeriod: BillingPeriod;
  now?: Date;
}): Promise<{ scheduledFor: string }> {
  const { db, userId, subscriptionId, planId, billingPeriod } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for("update");
    const published = await tx
      .select({ id: pricing.id, name: pricing.name })
      .from(pricing)
      .where(eq(pricing.published, true));
    const { held, reach } = await getHeldPlans({ db: tx, userId, planIds: published.map((plan) => plan.id), now });
    const sub = held.find((candidate) => candidate.subscriptionId === subscriptionId);
    if (!sub) throw new AppError("NOT_FOUND", planChangeMessages.notFound);
    if (sub.trial) throw new AppError("VALIDATION", planChangeMessages.trial(sub.name));
    const choice = scheduledChoices({ held: sub, plans: published, reach }).find(
      (candidate) => candidate.planId === planId && candidate.period === billingPeriod,
    );
    if (!choice) throw new AppError("VALIDATION", planChangeMessages.notAllowed);
    const other = held.find((candidate) => candidate.planId === planId && candidate.subscriptionId !== subscriptionId);
    if (other) throw new AppError("CONFLICT", planChangeMessages.alreadyActive(other.name));
    const [row] = await tx
      .update(subscriptions)
      .set({ scheduledPlanId: planId, scheduledBillingPeriod: billingPeriod, scheduledAt: now, autorenew: true })
      .where(
        and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId), eq(subscriptions.status, "active")),
      )
      .returning({ due: subscriptions.nextBillingDate });
    if (!row?.due) throw new AppError("NOT_FOUND", planChangeMessages.notFound);
    return { scheduledFor: row.due.toISOString() };
  });
}
