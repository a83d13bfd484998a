import { sql } from "drizzle-orm";
import { couponMessages } from "~/lib/billing/coupons";
import type { DbOrTx } from "../db/client.ts";
import type { CouponRow } from "./coupon-rules.ts";

/**
 * Why this member may not use the code, or null: their own purchases with it have reached the
 * code's per-member limit, or the code is for new members and they have had a plan before (any
 * subscription, paid or granted, active or ended). Read under the purchase's profile lock, these
 * counts cannot race with the member's own other checkout.
 */
export async function memberRefusal(options: {
  db: DbOrTx;
  coupon: CouponRow;
  userId: string;
}): Promise<string | null> {
  const { db, coupon, userId } = options;
  const result = await db.execute<{ uses: number; had_plan: boolean }>(sql`
    select
      (select count(*)::int from coupon_redemptions
        where user_id = ${userId} and coupon_id = ${coupon.id} and kind = 'purchase') as uses,
      exists (select 1 from subscriptions where user_id = ${userId}) as had_plan`);
  const row = result.rows[0]!;
  if (Number(row.uses) >= coupon.perMemberLimit) return couponMessages.perMember;
  if (coupon.newMembersOnly && row.had_plan) return couponMessages.newMembersOnly;
  return null;
}
