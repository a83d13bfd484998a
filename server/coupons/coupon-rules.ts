import { couponApplies, couponMessages, type CouponTerms } from "~/lib/billing/coupons";
import type { BillingPeriod } from "~/lib/pricing";
import type { coupons } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";

/** A code as it is priced and refused by (its use generation is the pool's business: coupon-use-pool.ts). */
export type CouponRow = Omit<typeof coupons.$inferSelect, "useGeneration">;

/** What a code takes off, from its row. */
export function termsOf(row: CouponRow): CouponTerms {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    planIds: row.planIds,
    periods: row.periods,
    duration: row.duration,
    durationRenewals: row.durationRenewals,
  };
}

/**
 * Why a code cannot be used for these plans at this period now, or null. What it says about the
 * member (a purchase before, their own uses) is checked by the callers that know the member.
 * `held`: the lines were priced with the code earlier and are still held (an order's 24 hours),
 * so a code paused or past its date meanwhile still honours them; its limits still count.
 */
export function couponRefusal(
  row: CouponRow,
  cart: { planIds: readonly number[]; period: BillingPeriod; now: Date; held?: boolean },
): string | null {
  if (!cart.held) {
    if (row.paused) return couponMessages.paused;
    if (row.validFrom && row.validFrom > cart.now) return couponMessages.notYet;
    if (row.validUntil && row.validUntil <= cart.now) return couponMessages.expired;
  }
  if (row.maxRedemptions !== null && row.redemptionCount >= row.maxRedemptions) return couponMessages.usedUp;
  if (cart.held) return null;
  const terms = termsOf(row);
  if (!cart.planIds.some((planId) => couponApplies(terms, planId, cart.period))) {
    const planFits = cart.planIds.some((planId) => !terms.planIds || terms.planIds.includes(planId));
    return planFits ? couponMessages.notForPeriod : couponMessages.notForPlans;
  }
  return null;
}

/**
 * A refusal as the error the action pipeline answers: beside the code's field, 409 when the code
 * is good but taken (used up, used already by this member, for new members only), 400 otherwise.
 */
export function couponError(message: string): AppError {
  const taken =
    message === couponMessages.usedUp ||
    message === couponMessages.perMember ||
    message === couponMessages.newMembersOnly;
  return new AppError(taken ? "CONFLICT" : "VALIDATION", message, { fieldErrors: { couponCode: message } });
}
