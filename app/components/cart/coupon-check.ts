import {
  applyCoupon,
  couponApplies,
  couponMessages,
  termsFromWire,
  type CouponCheckAnswer,
  type CouponTermsWire,
} from "~/lib/billing/coupons";
import { totalSuffix, type CartRenewal } from "~/lib/billing/renewal-text";
import { priceCart } from "~/lib/priced-lines";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";

/*
 * What a cart's code field needs once a code is typed: asking the server about the code, and the
 * cart priced with its terms. Loaded on the first Apply (use-cart-coupon.ts), so a visitor who
 * never types a code downloads none of it.
 */

/** Asks whether the code applies to this cart (the member's own limits too, when signed in). */
export async function checkCoupon(options: {
  code: string;
  planIds: readonly number[];
  period: BillingPeriod;
}): Promise<CouponCheckAnswer> {
  const code = options.code.trim();
  if (!code) return { ok: false, error: couponMessages.enterCode };
  if (options.planIds.length === 0) return { ok: false, error: couponMessages.emptyCart };
  const query = new URLSearchParams({ code, plans: options.planIds.join(","), period: options.period });
  try {
    const response = await fetch(`/api/coupons/check?${query}`, {
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
    const answer = (await response.json()) as CouponCheckAnswer;
    return typeof answer?.ok === "boolean" ? answer : { ok: false, error: couponMessages.notChecked };
  } catch {
    return { ok: false, error: couponMessages.notChecked };
  }
}

/**
 * The cart priced with the code's terms, as every charge prices it (one shared function): the
 * discount, the new total, what the renewals cost (a first-period code's are at list price) with
 * the words after the total, and why nothing is taken off when the cart changed since the code
 * was applied (a plan or period it is not for).
 */
export function priceWithTerms(wire: CouponTermsWire, items: readonly PublicPlan[], period: BillingPeriod) {
  const terms = termsFromWire(wire);
  const cart = priceCart(
    applyCoupon(
      terms,
      items.map((plan) => ({ planId: plan.id, name: plan.name, listPrice: priceFor(BigInt(plan.price), period) })),
      period,
    ),
    terms.code,
  );
  let refusal: string | null = null;
  if (items.length > 0 && !items.some((plan) => couponApplies(terms, plan.id, period))) {
    const planFits = items.some((plan) => !terms.planIds || terms.planIds.includes(plan.id));
    refusal = planFits ? couponMessages.notForPeriod : couponMessages.notForPlans;
  }
  const renewal: CartRenewal = {
    price: terms.duration === "once" ? cart.list : cart.charged,
    times: terms.duration === "repeating" ? terms.durationRenewals : null,
    then: cart.list,
  };
  const suffix = totalSuffix(period, cart.charged, renewal);
  return {
    list: cart.list,
    discount: cart.discount,
    charged: cart.charged,
    lines: cart.lines,
    renewal,
    suffix,
    refusal,
  };
}

export type CouponTools = { checkCoupon: typeof checkCoupon; priceWithTerms: typeof priceWithTerms };
