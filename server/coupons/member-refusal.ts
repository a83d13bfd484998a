import { couponMessages } from "~/lib/billing/coupons";
import type { CouponRow } from "./coupon-rules.ts";
import type { MemberUses } from "./find-coupon.ts";

/**
 * Why this member may not use the code, or null: their own purchases with it have reached the
 * code's per-member limit, or the code is for new members and they have had a plan before (any
 * subscription, paid or granted, active or ended). The counts are read with the code
 * (findCoupon's `member`); read under the purchase's profile lock, they cannot race with the
 * member's own other checkout.
 */
export function memberRefusal(coupon: CouponRow, member: MemberUses): string | null {
  if (member.uses >= coupon.perMemberLimit) return couponMessages.perMember;
  if (coupon.newMembersOnly && member.hadPlan) return couponMessages.newMembersOnly;
  return null;
}
