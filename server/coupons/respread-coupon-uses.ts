import { and, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { coupons } from "../db/schema.ts";
import { couponPurchaseUses } from "./coupon-purchase-uses.ts";
import { spreadCouponUses } from "./spread-coupon-uses.ts";

type Coupon = typeof coupons.$inferSelect;

/**
 * Sets a code's count to its actual uses (coupon-purchase-uses.ts) and spreads what its limit
 * leaves across its slots again (a new generation: every block of uses handed out before is void).
 * Answers the code as written and its new `use_generation`. The caller closed the code's gate and
 * holds its row locked for update, which waited for every purchase in flight with it
 * (coupon-gate.ts), so the count is of every use made.
 *
 * When a limited code's slots have no room left (a purchase, lease-coupon-uses.ts): null, changing
 * nothing, when its actual uses reached its limit (or it has none): the code is used up.
 *
 * `save`: its form's save. Handed the uses counted, it refuses them (throws, before anything is
 * written) or answers the form's columns, written with the count; the code is then spread again
 * even when it has no room left (it has no slots then).
 */
export async function respreadCouponUses(options: {
  tx: Tx;
  couponId: number;
  save?: (uses: number) => Partial<typeof coupons.$inferInsert>;
}): Promise<{ coupon: Coupon; uses: number; generation: number } | null> {
  const { tx, couponId, save } = options;
  // Counted once, in a statement of its own after the lock: its snapshot sees the purchases the lock waited for.
  const counted = await tx.execute<{ uses: number }>(
    sql`select ${couponPurchaseUses({ couponId: sql`${couponId}::int` })} as uses`,
  );
  const uses = Number(counted.rows[0]!.uses);
  // A purchase's recount is no edit of the code: its updated_at stays.
  const columns = save ? save(uses) : { updatedAt: sql`${coupons.updatedAt}` };
  const [coupon] = await tx
    .update(coupons)
    .set({ ...columns, redemptionCount: uses })
    .where(and(eq(coupons.id, couponId), save ? undefined : gt(coupons.maxRedemptions, uses)))
    .returning();
  if (!coupon) return null;
  return { coupon, uses, generation: await spreadCouponUses({ tx, couponId }) };
}
