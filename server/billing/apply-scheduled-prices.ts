import { and, asc, isNull, lte, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { planPriceChanges, pricing } from "../db/schema.ts";

/**
 * Moves `pricing.price` to each scheduled price whose date has come (issue #16), oldest first,
 * each in one transaction with its change row marked applied. The page cache empties by the
 * pricing table's trigger. Renewals do not wait for this: they read the price in force on
 * their due date (plan-price-at.ts). Returns how many changes were applied.
 */
export async function applyScheduledPrices(options: { db: Db; now?: Date }): Promise<number> {
  const { db, now = new Date() } = options;
  const due = await db
    .select({ id: planPriceChanges.id })
    .from(planPriceChanges)
    .where(and(isNull(planPriceChanges.appliedAt), lte(planPriceChanges.effectiveAt, now)))
    .orderBy(asc(planPriceChanges.effectiveAt), asc(planPriceChanges.id));
  let applied = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      // Claimed with its row lock; a second runner finds it applied and skips it.
      const [change] = await tx.select().from(planPriceChanges).where(and(eq(planPriceChanges.id, id), isNull(planPriceChanges.appliedAt))).for("update");
      if (!change) return false;
      await tx.update(pricing).set({ price: change.newPrice, updatedAt: now }).where(eq(pricing.id, change.planId));
      await tx.update(planPriceChanges).set({ appliedAt: now }).where(eq(planPriceChanges.id, id));
      return true;
    });
    if (done) applied++;
  }
  return applied;
}
