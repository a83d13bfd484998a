import { priceLine, type PricedLine } from "../priced-lines";
import type { BillingPeriod } from "../pricing";

/**
 * Coupon codes: what a code takes off a plan, shared by the browser (the cart's preview) and the
 * server (which prices every charge itself). A code takes off either a percent of each plan it
 * applies to or a fixed amount off each such plan; the line's amount charged never goes below
 * zero (priced-lines.ts caps the discount at the list price).
 */
export const couponKinds = ["percent", "fixed"] as const;
export type CouponKind = (typeof couponKinds)[number];

/** How long a code keeps taking off: the first period only, every renewal, or a number of renewals. */
export const couponDurations = ["once", "forever", "repeating"] as const;
export type CouponDuration = (typeof couponDurations)[number];

/** What a code takes off, as the cart needs it to show the discount (no limits, no dates). */
export type CouponTerms = {
  code: string;
  kind: CouponKind;
  /** Whole percent, 1–100, for a percent code. */
  percentOff: number | null;
  /** Micro-USDT off each plan it applies to, for a fixed code. */
  amountOff: bigint | null;
  /** The plans it applies to; null: every plan. */
  planIds: number[] | null;
  /** The billing periods it applies to; null: every period. */
  periods: BillingPeriod[] | null;
  /** How long it takes off: the cart says what the renewals cost when they cost more. */
  duration: CouponDuration;
  /** The renewals a "repeating" code takes off after the first period; null otherwise. */
  durationRenewals: number | null;
};

/** The same terms with money as strings, for loaders and JSON. */
export type CouponTermsWire = Omit<CouponTerms, "amountOff"> & { amountOff: string | null };

export const COUPON_CODE_MAX = 40;
/** Letters, digits, dash and underscore: what a person can read out and type. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Codes are compared case-insensitively and shown in capitals. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export function couponApplies(terms: CouponTerms, planId: number, period: BillingPeriod): boolean {
  return (!terms.planIds || terms.planIds.includes(planId)) && (!terms.periods || terms.periods.includes(period));
}

/** What the code takes off one plan at this list price (before the line caps it at the price). */
export function couponDiscount(terms: CouponTerms, listPrice: bigint): bigint {
  if (terms.kind === "percent") return (listPrice * BigInt(terms.percentOff ?? 0)) / 100n;
  return terms.amountOff ?? 0n;
}

/**
 * A cart's lines with the code applied: each plan the code applies to (plan and period) gets
 * its discount, the others stay at list price. A percent is rounded down to the micro-USDT, so
 * the business never gives up more than the percent says.
 */
export function applyCoupon(
  terms: CouponTerms | null,
  plans: readonly { planId: number; name: string; listPrice: bigint }[],
  period: BillingPeriod,
): PricedLine[] {
  return plans.map((plan) =>
    priceLine(plan, {
      discount: terms && couponApplies(terms, plan.planId, period) ? couponDiscount(terms, plan.listPrice) : 0n,
    }),
  );
}

export const termsFromWire = (terms: CouponTermsWire): CouponTerms => ({
  ...terms,
  amountOff: terms.amountOff === null ? null : BigInt(terms.amountOff),
});

export const termsToWire = (terms: CouponTerms): CouponTermsWire => ({
  ...terms,
  amountOff: terms.amountOff === null ? null : terms.amountOff.toString(),
});

/** The answer to a code checked against a cart before anything is bought (GET /api/coupons/check). */
export type CouponCheckAnswer =
  | { ok: true; terms: CouponTermsWire }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; retryAfterSeconds?: number };

/** The refusals a member reads when a code cannot be used, word for word the same everywhere. */
export const couponMessages = {
  unknown: "This code is not valid. Check it and try again.",
  notYet: "This code is not valid yet.",
  expired: "This code has expired.",
  paused: "This code is paused at the moment.",
  usedUp: "This code has been used up.",
  perMember: "You have already used this code.",
  notForPlans: "This code does not apply to the plans in your cart.",
  notForPeriod: "This code does not apply to this billing period.",
  newMembersOnly: "This code is for new members only.",
  enterCode: "Enter a code.",
  emptyCart: "Add a plan to your cart first.",
  /** The check could not be asked (offline, the server away): nothing is known about the code. */
  notChecked: "The code could not be checked. Please try again.",
  tooMany: (minutes: number) =>
    `Too many codes tried. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;
