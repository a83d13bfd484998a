import { eq } from "drizzle-orm";
import { couponDiscount } from "~/lib/billing/coupons";
import type { Tx } from "../db/client.ts";
import { coupons, subscriptions } from "../db/schema.ts";
import { termsOf, type CouponRow } from "./coupon-rules.ts";

/**
 * What a subscription's code takes off this renewal, or null when no code's rule covers it any
 * more. The rule was granted with the purchase, so it is kept whatever happened to the code since
 * (paused, past its date, used up by others): staff stop a code for new checkouts, not for the
 * members already promised it. The discount is the code's, at today's list price.
 */
export async function renewalDiscount(options: {
  tx: Tx;
  subscription: { couponId: number | null; couponRenewalsLeft: number | null };
  listPrice: bigint;
}): Promise<{ couponId: number; code: string; discount: bigint } | null> {
  const { tx, subscription, listPrice } = options;
  if (subscription.couponId === null) return null;
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, subscription.couponId));
  const discount = carriedDiscount({ subscription, coupon: row ?? null, listPrice });
  return discount === null ? null : { couponId: row!.id, code: row!.code, discount };
}

/**
 * What the next renewal will charge, said before it is due (the top-up reminders): the list price
 * less what the subscription's code still takes off, as renewalDiscount and the renewal's one
 * priced line reckon it (never below zero). `coupon`: the row of the subscription's code, or null.
 */
export function renewalAmount(options: {
  subscription: { couponId: number | null; couponRenewalsLeft: number | null };
  coupon: CouponRow | null;
  listPrice: bigint;
}): bigint {
  const discount = carriedDiscount(options) ?? 0n;
  return discount >= options.listPrice ? 0n : options.listPrice - discount;
}

/** What the subscription's code `coupon` takes off `listPrice`, or null when its rule no longer covers it. */
function carriedDiscount(options: {
  subscription: { couponId: number | null; couponRenewalsLeft: number | null };
  coupon: CouponRow | null;
  listPrice: bigint;
}): bigint | null {
  const { subscription, coupon } = options;
  if (!coupon || subscription.couponId !== coupon.id || subscription.couponRenewalsLeft === 0) return null;
  return couponDiscount(termsOf(coupon), options.listPrice);
}

/**
 * A renewal the code discounted: one fewer renewal left for a code that counts them (the rule is
 * dropped with the last one). The use itself is the renewal's billing row (its coupon_id and
 * coupon_use 'renewal', written by the renewal). Renewals do not count against the code's limits,
 * which are for purchases.
 */
export async function spendCouponRenewal(options: {
  tx: Tx;
  subscriptionId: string;
  renewalsLeft: number | null;
}): Promise<void> {
  if (options.renewalsLeft === null) return;
  const left = options.renewalsLeft - 1;
  await options.tx
    .update(subscriptions)
    .set(left > 0 ? { couponRenewalsLeft: left } : { couponId: null, couponRenewalsLeft: null })
    .where(eq(subscriptions.id, options.subscriptionId));
}
