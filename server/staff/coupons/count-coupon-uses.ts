import { sql } from "drizzle-orm";
import { couponPurchaseUses } from "../../coupons/coupon-purchase-uses.ts";
import type { DbOrTx } from "../../db/client.ts";

/**
 * How many purchases used the code: its billing rows that are purchase uses (a renewal it
 * discounted is not a use). The code's own redemption_count is kept only while it has a limit on
 * its total uses, so what the back office shows and checks is counted from the rows.
 */
export async function countCouponUses({ tx, couponId }: { tx: DbOrTx; couponId: number }): Promise<number> {
  const result = await tx.execute<{ uses: number }>(
    sql`select ${couponPurchaseUses({ couponId: sql`${couponId}::int` })} as uses`,
  );
  return Number(result.rows[0]!.uses);
}
