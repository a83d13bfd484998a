import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { pricing, subscriptions } from "../db/schema.ts";
import { noScheduledChange } from "./no-scheduled-change.ts";

export type Subscription = typeof subscriptions.$inferSelect;
export type Change = Partial<Pick<Subscription, "planId" | "billingPeriod" | "couponId" | "couponRenewalsLeft">> &
  typeof noScheduledChange;

/**
 * At a renewal, the change the member scheduled (a smaller plan, a shorter period) takes effect:
 * `renewing` is the subscription as that plan and period, which the renewal prices and charges (the
 * next due date follows the new period), and `change` the columns to write once it is paid. Nothing
 * is written here: a renewal the balance does not cover ends the plan the member had, not the one
 * they would have had. The code rule of the old plan does not follow it. A change to a plan withdrawn
 * from sale is dropped, and the plan renews as it is. A change to a plan the member holds already in
 * another active subscription (a gift of the very plan they move to) cannot happen either, but the
 * member asked to leave the plan held: `alreadyHeld` names that plan, and the renewal ends the plan
 * held uncharged. Only for a subscription that renews (autorenew on, not complimentary).
 */
export async function resolveScheduledChange(options: {
  tx: Tx;
  subscription: Subscription;
}): Promise<{ renewing: Subscription; change: Change | null; alreadyHeld: { name: string } | null }> {
  const { tx, subscription: sub } = options;
  const planId = sub.scheduledPlanId;
  const period = sub.scheduledBillingPeriod;
  if (planId === null || period === null || period === "lifetime")
    return { renewing: sub, change: null, alreadyHeld: null };
  const [plan] = await tx
    .select({ name: pricing.name, published: pricing.published })
    .from(pricing)
    .where(eq(pricing.id, planId));
  const [taken] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, sub.userId),
        eq(subscriptions.planId, planId),
        eq(subscriptions.status, "active"),
        ne(subscriptions.id, sub.id),
      ),
    );
  if (taken && plan) return { renewing: sub, change: noScheduledChange, alreadyHeld: { name: plan.name } };
  const change: Change = plan?.published
    ? { planId, billingPeriod: period, couponId: null, couponRenewalsLeft: null, ...noScheduledChange }
    : noScheduledChange;
  return { renewing: { ...sub, ...change }, change, alreadyHeld: null };
}
