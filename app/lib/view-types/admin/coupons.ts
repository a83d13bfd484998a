import type { CouponDuration, CouponKind } from "../../billing/coupons";
import type { BillingPeriod } from "../../pricing";

/** Where a code stands for the next checkout. */
export type CouponState = "active" | "paused" | "scheduled" | "expired" | "used-up";

/** A code as the back office lists and edits it (money as micro-USDT strings, dates as ISO text). */
export type AdminCoupon = {
  id: number;
  code: string;
  kind: CouponKind;
  percentOff: number | null;
  amountOff: string | null;
  planIds: number[] | null;
  periods: BillingPeriod[] | null;
  duration: CouponDuration;
  durationRenewals: number | null;
  maxRedemptions: number | null;
  perMemberLimit: number;
  validFrom: string | null;
  validUntil: string | null;
  newMembersOnly: boolean;
  paused: boolean;
  note: string;
  state: CouponState;
  /** Purchases made with it (the count its limit is held to). */
  redemptions: number;
  /** Every use, purchases and the renewals it discounted: the rows its page lists. */
  allUses: number;
  /** What members paid for everything the code discounted, purchases and renewals: revenue after discount. */
  revenue: string;
  /** What the code took off in all. */
  discount: string;
};

/** One use of a code, on its page. */
export type AdminCouponRedemption = {
  id: string;
  at: string;
  userId: string;
  email: string;
  kind: "purchase" | "renewal";
  list: string;
  discount: string;
  charged: string;
};

/** The plans a code may name, for its form. */
export type CouponPlanChoice = { id: number; name: string };
