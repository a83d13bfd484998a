import { and, eq } from "drizzle-orm";
import { noScheduledChange } from "../billing/no-scheduled-change.ts";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";

export const SUBSCRIPTION_NOT_FOUND = "Subscription not found.";
export const LIFETIME_AUTORENEW = "Lifetime subscriptions never renew, so autorenew cannot be changed.";
export const COMPLIMENTARY_AUTORENEW = "A complimentary plan is never charged, so autorenew cannot be changed.";
export const INACTIVE_AUTORENEW = "Autorenew can only be changed on an active subscription.";

/**
 * Turns a subscription's autorenew on or off, scoped to the signed-in member: another
 * member's subscription id is answered exactly like an unknown one (404) and nothing changes.
 * Lifetime and complimentary subscriptions are locked (neither is ever charged); ended ones have
 * nothing left to renew. Turning it off drops a change scheduled for the next renewal (a smaller
 * plan, a shorter period): that renewal will not come, so the change could only be shown as
 * pending and never happen; the member schedules it again, which turns autorenew back on.
 */
export async function setSubscriptionAutorenew(options: {
  db: Db;
  userId: string;
  subscriptionId: string;
  autorenew: boolean;
}) {
  const { db, userId, subscriptionId, autorenew } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        billingPeriod: subscriptions.billingPeriod,
        status: subscriptions.status,
        complimentary: subscriptions.complimentary,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", SUBSCRIPTION_NOT_FOUND);
    if (row.billingPeriod === "lifetime") throw new AppError("CONFLICT", LIFETIME_AUTORENEW);
    if (row.complimentary) throw new AppError("CONFLICT", COMPLIMENTARY_AUTORENEW);
    if (row.status !== "active") throw new AppError("CONFLICT", INACTIVE_AUTORENEW);
    await tx
      .update(subscriptions)
      .set(autorenew ? { autorenew } : { autorenew, ...noScheduledChange })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
    return { id: subscriptionId, autorenew };
  });
}
