import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { couponPurchaseUses } from "./coupon-purchase-uses.ts";
import { spreadCouponUses } from "./spread-coupon-uses.ts";

/**
 * When a limited code's slots have no room left: sets its count to its actual uses and spreads
 * what the limit leaves across its slots again (a new generation: every block of uses handed out
 * before is void), as its form's save does. False, changing nothing, when the actual uses reached
 * the limit (or it has none): the code is used up. The caller holds the code's row locked for
 * update, which waited for every purchase in flight with it, so the count is of every use made.
 */
export async function respreadCouponUses({ tx, couponId }: { tx: Tx; couponId: number }): Promise<boolean> {
  // A statement of its own, after the lock: its snapshot sees the purchases the lock waited for.
  const room = await tx.execute(sql`
    update coupons set redemption_count = ${couponPurchaseUses({ couponId: sql`${couponId}::int` })}
     where id = ${couponId} and max_redemptions > ${couponPurchaseUses({ couponId: sql`${couponId}::int` })}
    returning 1`);
  if (room.rows.length === 0) return false;
  await spreadCouponUses({ tx, couponId });
  return true;
}
