import { sql } from "drizzle-orm";
import { applyCoupon, couponMessages } from "~/lib/billing/coupons";
import { priceCart, type PricedCart } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";
import type { Tx } from "../db/client.ts";
import { coupons } from "../db/schema.ts";
import { couponError, couponRefusal, termsOf, type CouponRow } from "./coupon-rules.ts";
import { findCoupon } from "./find-coupon.ts";
import { memberRefusal } from "./member-refusal.ts";

/** The code a checkout was priced with, as its purchase records it. */
export type AppliedCoupon = {
  id: number;
  code: string;
  duration: CouponRow["duration"];
  durationRenewals: number | null;
};

/**
 * Prices a checkout with a code inside the purchase's (or order's) transaction: the code's row
 * is locked, so two members racing for its last use are decided here one after the other, and
 * every refusal is thrown before anything is written. `held`: the lines were priced with this
 * code earlier and are still held (an order): they are charged as they are, only the code's
 * limits are checked again.
 *
 * The purchase then calls `redeemCoupon` with the same coupon, which counts the use.
 */
export async function priceWithCoupon(options: {
  tx: Tx;
  code: string;
  userId: string;
  plans: readonly { planId: number; name: string; listPrice: bigint }[];
  billingPeriod: BillingPeriod;
  now: Date;
  held?: PricedCart;
}): Promise<{ cart: PricedCart; coupon: AppliedCoupon }> {
  const { tx, userId, billingPeriod, now, held } = options;
  const row = await findCoupon({ db: tx, code: options.code, lock: true });
  if (!row) throw couponError(couponMessages.unknown);
  const planIds = options.plans.map((plan) => plan.planId);
  const refusal =
    couponRefusal(row, { planIds, period: billingPeriod, now, held: Boolean(held) }) ??
    (await memberRefusal({ db: tx, coupon: row, userId }));
  if (refusal) throw couponError(refusal);
  const cart = held ?? priceCart(applyCoupon(termsOf(row), options.plans, billingPeriod), row.code);
  return {
    cart,
    coupon: { id: row.id, code: row.code, duration: row.duration, durationRenewals: row.durationRenewals },
  };
}

/**
 * Counts one purchase with the code and records it against the purchase's billing row, in the
 * purchase's transaction. The count is raised only while under the code's limit: with the row
 * locked by `priceWithCoupon` this always holds, and were it ever called without that lock the
 * database would still refuse a use past the limit rather than count it.
 */
export async function redeemCoupon(options: {
  tx: Tx;
  coupon: AppliedCoupon;
  userId: string;
  cart: PricedCart;
  billingId: string;
  orderId?: string | null;
  now: Date;
}): Promise<void> {
  const { tx, coupon, cart } = options;
  const counted = await tx
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(
      sql`${coupons.id} = ${coupon.id} and (${coupons.maxRedemptions} is null or ${coupons.redemptionCount} < ${coupons.maxRedemptions})`,
    )
    .returning({ id: coupons.id });
  if (counted.length === 0) throw couponError(couponMessages.usedUp);
  await tx.execute(sql`
    insert into coupon_redemptions (coupon_id, user_id, kind, billing_id, order_id, list_amount, discount_amount,
                                    charged_amount, created_at)
    values (${coupon.id}, ${options.userId}, 'purchase', ${options.billingId}::uuid, ${options.orderId ?? null}::uuid,
            ${cart.list}, ${cart.discount}, ${cart.charged}, ${options.now.toISOString()}::timestamptz)`);
}

/**
 * What a plan bought with the code keeps for its renewals: nothing for a first-period code, every
 * renewal, or a number of them.
 */
export function renewalRule(coupon: AppliedCoupon): { couponId: number; renewalsLeft: number | null } | null {
  if (coupon.duration === "once") return null;
  return { couponId: coupon.id, renewalsLeft: coupon.duration === "forever" ? null : coupon.durationRenewals };
}
