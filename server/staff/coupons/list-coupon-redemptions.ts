import { desc, eq } from "drizzle-orm";
import type { AdminCouponRedemption } from "~/lib/view-types/admin/coupons";
import type { DbOrTx } from "../../db/client.ts";
import { couponRedemptions, user } from "../../db/schema.ts";

/** A code's uses, newest first, each with the member and what was listed, taken off and paid. */
export async function listCouponRedemptions(options: {
  db: DbOrTx;
  couponId: number;
  limit?: number;
}): Promise<AdminCouponRedemption[]> {
  const rows = await options.db
    .select({
      id: couponRedemptions.id,
      at: couponRedemptions.createdAt,
      userId: couponRedemptions.userId,
      email: user.email,
      kind: couponRedemptions.kind,
      list: couponRedemptions.listAmount,
      discount: couponRedemptions.discountAmount,
      charged: couponRedemptions.chargedAmount,
    })
    .from(couponRedemptions)
    .innerJoin(user, eq(user.id, couponRedemptions.userId))
    .where(eq(couponRedemptions.couponId, options.couponId))
    .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
    .limit(options.limit ?? 200);
  return rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    list: row.list.toString(),
    discount: row.discount.toString(),
    charged: row.charged.toString(),
  }));
}
