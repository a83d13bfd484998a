import { desc, eq } from "drizzle-orm";
import type { AdminCouponRedemption } from "~/lib/view-types/admin/coupons";
import type { DbOrTx } from "../../db/client.ts";
import { billingHistory, user } from "../../db/schema.ts";

/**
 * A code's uses, newest first, each with the member and what was listed, taken off and paid: its
 * billing rows (billing_coupon_use_idx), which are the uses.
 */
export async function listCouponRedemptions(options: {
  db: DbOrTx;
  couponId: number;
  limit?: number;
}): Promise<AdminCouponRedemption[]> {
  const rows = await options.db
    .select({
      id: billingHistory.id,
      at: billingHistory.issueDate,
      userId: billingHistory.userId,
      email: user.email,
      kind: billingHistory.couponUse,
      list: billingHistory.listAmount,
      discount: billingHistory.discountAmount,
      charged: billingHistory.totalAmount,
    })
    .from(billingHistory)
    .innerJoin(user, eq(user.id, billingHistory.userId))
    .where(eq(billingHistory.couponId, options.couponId))
    .orderBy(desc(billingHistory.issueDate), desc(billingHistory.id))
    .limit(options.limit ?? 200);
  return rows.map((row) => ({
    ...row,
    kind: row.kind!,
    at: row.at.toISOString(),
    // A use's row always has its list amount (a purchase's or a renewal's, never a deposit's).
    list: (row.list ?? 0n).toString(),
    discount: row.discount.toString(),
    charged: row.charged.toString(),
  }));
}
