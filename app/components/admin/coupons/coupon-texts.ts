import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { periodLabel } from "~/lib/pricing";
import type { AdminCoupon, CouponPlanChoice, CouponState } from "~/lib/view-types/admin/coupons";

/** "20% off" or "5.00 USDT off each plan". */
export function offText(coupon: Pick<AdminCoupon, "kind" | "percentOff" | "amountOff">) {
  return coupon.kind === "percent"
    ? `${coupon.percentOff}% off`
    : `${formatUsdt(BigInt(coupon.amountOff ?? "0"), { suffix: true })} off each plan`;
}

/** How long it takes off: the first period, every renewal, or a number of renewals. */
export function durationText(coupon: Pick<AdminCoupon, "duration" | "durationRenewals">) {
  if (coupon.duration === "once") return "First period only";
  if (coupon.duration === "forever") return "Every renewal";
  const n = coupon.durationRenewals ?? 0;
  return `First period and ${n} renewal${n === 1 ? "" : "s"}`;
}

/** The plans and periods it is for, in words. */
export function appliesText(coupon: Pick<AdminCoupon, "planIds" | "periods">, plans: readonly CouponPlanChoice[]) {
  const names = coupon.planIds
    ? coupon.planIds.map((id) => plans.find((plan) => plan.id === id)?.name ?? `Plan ${id}`).join(", ")
    : "All plans";
  const periods = coupon.periods ? coupon.periods.map((period) => periodLabel[period]).join(", ") : "any period";
  return `${names}; ${periods}`;
}

/** The uses so far against the limit: "3 of 100", "3 (no limit)". */
export function usesText(coupon: Pick<AdminCoupon, "redemptions" | "maxRedemptions">) {
  return coupon.maxRedemptions === null
    ? `${coupon.redemptions} (no limit)`
    : `${coupon.redemptions} of ${coupon.maxRedemptions}`;
}

/** Its first and last valid days (the end is stored as the instant after the last day). */
export function validText(coupon: Pick<AdminCoupon, "validFrom" | "validUntil">) {
  const last = coupon.validUntil ? new Date(Date.parse(coupon.validUntil) - 1) : null;
  if (!coupon.validFrom && !last) return "Always";
  if (!coupon.validFrom) return `Until ${formatDate(last!)}`;
  if (!last) return `From ${formatDate(coupon.validFrom)}`;
  return `${formatDate(coupon.validFrom)} – ${formatDate(last)}`;
}

export const stateLabel: Record<CouponState, string> = {
  active: "Active",
  paused: "Paused",
  scheduled: "Not started",
  expired: "Expired",
  "used-up": "Used up",
};
