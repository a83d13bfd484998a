import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { pricing, subscriptions } from "../db/schema.ts";
import { noScheduledChange } from "./no-scheduled-change.ts";

type Subscription = typeof subscriptions.$inferSelect;

/**
 * At a renewal, the change the member scheduled (a smaller plan, a shorter period) takes effect:
 * the subscription row becomes that plan and period before it is priced and charged, so the
 * renewal charges the new price and the next due date follows the new period. The code rule of
 * the old plan does not follow it. A change that can no longer happen (the plan withdrawn from
 * sale, or the member holding it already in another subscription) is dropped, and the plan renews
 * as it is. Only for a subscription that renews (autorenew on, not complimentary).
 */
export async function applyScheduledChange(options: { tx: Tx; subscription: Subscription }): Promise<Subscription> {
  const { tx, subscription: sub } = options;
  const planId = sub.scheduledPlanId;
  const period = sub.scheduledBillingPeriod;
  if (planId === null || period === null || period === "lifetime") return sub;
  const [plan] = await tx.select({ published: pricing.published }).from(pricing).where(eq(pricing.id, planId));
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
  const change =
    plan?.published && !taken
      ? { planId, billingPeriod: period, couponId: null, couponRenewalsLeft: null, ...noScheduledChange }
      : noScheduledChange;
  await tx.update(subscriptions).set(change).where(eq(subscriptions.id, sub.id));
  return { ...sub, ...change };
}
