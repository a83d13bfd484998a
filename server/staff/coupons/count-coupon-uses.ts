import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/**
 * How many purchases used the code: its purchase rows (a renewal it discounted is not a use). The
 * code's own redemption_count is kept only while it has a limit on its total uses, so what the
 * back office shows and checks is counted from the rows.
 */
export async function countCouponUses({ tx, couponId }: { tx: DbOrTx; couponId: number }): Promise<number> {
  const result = await tx.execute<{ uses: number }>(sql`
    select count(*)::int as uses from coupon_redemptions where coupon_id = ${couponId} and kind = 'purchase'`);
  return Number(result.rows[0]!.uses);
}
