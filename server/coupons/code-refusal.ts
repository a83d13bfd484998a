import { couponMessages } from "~/lib/billing/coupons";
import type { BillingPeriod } from "~/lib/pricing";
import { couponRefusal, type CouponRow } from "./coupon-rules.ts";
import type { MemberUses } from "./find-coupon.ts";
import { memberRefusal } from "./member-refusal.ts";

/**
 * Why a code may not be used for this cart, or null: no such code (`row` null), the code's own
 * rules (couponRefusal) and, when the member's uses were read with it, the member's
 * (memberRefusal). Every check of a code makes it this way: a cart's (checkCouponCode), a typed
 * code's in the purchase (refuseTypedCoupon), a pricing's (priceCouponRow). It reads nothing.
 */
export function codeRefusal(
  row: (CouponRow & { member: MemberUses | null }) | null,
  cart: { planIds: readonly number[]; period: BillingPeriod; now: Date; held?: boolean },
): string | null {
  if (!row) return couponMessages.unknown;
  return couponRefusal(row, cart) ?? (row.member ? memberRefusal(row, row.member) : null);
}
