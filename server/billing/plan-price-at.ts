import { and, asc, desc, eq, gt, isNull, lte } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { planPriceChanges, pricing } from "../db/schema.ts";

/**
 * The monthly price of a plan in force at `at` (issue #16, the terms' 30 days' notice): a
 * renewal due before a scheduled rise is charged the old price, even when it is processed
 * after the rise took effect, and one due after it the new price, even before the job moved
 * `pricing.price`. In order:
 *  1. the earliest change that takes effect AFTER `at`: its old price was in force at `at`;
 *  2. else the latest change in effect at `at` that is not applied yet: its new price;
 *  3. else the plan's price. Null when the plan does not exist.
 */
export async function planPriceAt(options: { tx: DbOrTx; planId: number; at: Date }): Promise<bigint | null> {
  const { tx, planId, at } = options;
  const [later] = await tx
    .select({ oldPrice: planPriceChanges.oldPrice })
    .from(planPriceChanges)
    .where(and(eq(planPriceChanges.planId, planId), gt(planPriceChanges.effectiveAt, at)))
    .orderBy(asc(planPriceChanges.effectiveAt), asc(planPriceChanges.id))
    .limit(1);
  if (later) return later.oldPrice;
  const [pending] = await tx
    .select({ newPrice: planPriceChanges.newPrice })
    .from(planPriceChanges)
    .where(and(eq(planPriceChanges.planId, planId), lte(planPriceChanges.effectiveAt, at), isNull(planPriceChanges.appliedAt)))
    .orderBy(desc(planPriceChanges.effectiveAt), desc(planPriceChanges.id))
    .limit(1);
  if (pending) return pending.newPrice;
  const [plan] = await tx.select({ price: pricing.price }).from(pricing).where(eq(pricing.id, planId));
  return plan?.price ?? null;
}
