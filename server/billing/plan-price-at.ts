import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { planPriceChanges, pricing } from "../db/schema.ts";

/**
 * The monthly price a renewal due at `at` is charged (a rise waits out the terms' 30 days' notice).
 * A rise is in force for new buyers at once (`pricing.price`), but a member who subscribed
 * before it keeps the old price for renewals due before its date, however late the renewal
 * is processed: the old price of the earliest change that takes effect after `at` and was made
 * after the member subscribed (`subscribedAt`, the subscription's start). Otherwise the plan's
 * price. A member who subscribed after the change paid the new price and was not told of any
 * notice, so it holds for them too. A cancelled change protects nobody: cancelling put the plan's
 * price back to the old one (staff/cancel-scheduled-price-change.ts). Null when the plan does not exist.
 */
export async function planPriceAt(options: {
  tx: DbOrTx;
  planId: number;
  at: Date;
  subscribedAt: Date;
}): Promise<bigint | null> {
  const { tx, planId, at, subscribedAt } = options;
  const [noticeRunning] = await tx
    .select({ oldPrice: planPriceChanges.oldPrice })
    .from(planPriceChanges)
    .where(
      and(
        eq(planPriceChanges.planId, planId),
        gt(planPriceChanges.effectiveAt, at),
        gt(planPriceChanges.createdAt, subscribedAt),
        isNull(planPriceChanges.cancelledAt),
      ),
    )
    .orderBy(asc(planPriceChanges.effectiveAt), asc(planPriceChanges.id))
    .limit(1);
  if (noticeRunning) return noticeRunning.oldPrice;
  const [plan] = await tx.select({ price: pricing.price }).from(pricing).where(eq(pricing.id, planId));
  return plan?.price ?? null;
}
