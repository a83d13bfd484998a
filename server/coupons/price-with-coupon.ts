import { sql, type SQL } from "drizzle-orm";
import { applyCoupon, couponMessages } from "~/lib/billing/coupons";
import { priceCart, type PricedCart } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";
import type { Tx } from "../db/client.ts";
import { couponError, couponRefusal, termsOf, type CouponRow } from "./coupon-rules.ts";
import { couponTerms, findCoupon, type MemberUses } from "./find-coupon.ts";
import { memberRefusal } from "./member-refusal.ts";

/** The code a checkout was priced with, as its purchase records it. */
export type AppliedCoupon = {
  id: number;
  code: string;
  duration: CouponRow["duration"];
  durationRenewals: number | null;
  /** The code's terms as priced (couponTerms): its use is counted only while they hold. */
  terms: string;
  /** It had a limit on its total uses when priced: only then is its count kept (redemption_count). */
  limited: boolean;
};

type PriceOptions = {
  tx: Tx;
  code: string;
  userId: string;
  plans: readonly { planId: number; name: string; listPrice: bigint }[];
  billingPeriod: BillingPeriod;
  now: Date;
  held?: PricedCart;
};

/**
 * Prices a checkout with a code inside the purchase's (or order's) transaction; every refusal is
 * thrown before anything is written. `held`: the lines were priced with this code earlier and are
 * still held (an order): they are charged as they are, only the code's limits are checked again.
 *
 * The row is read without its lock (`lock` asks for it): every purchase with a popular code would
 * otherwise wait for the one before it from here to its commit. The purchase then calls
 * `countCouponUse`, which decides the race for the last use.
 */
export async function priceWithCoupon(
  options: PriceOptions & { lock?: boolean },
): Promise<{ cart: PricedCart; coupon: AppliedCoupon }> {
  const row = await findCoupon({ db: options.tx, code: options.code, lock: options.lock, userId: options.userId });
  return priceCouponRow({ ...options, row });
}

/**
 * priceWithCoupon's pricing and refusals, from the code's row as read already (null: no such
 * code), with the member's own uses of it read in the same statement (a purchase reads them with
 * its profile's lock: purchase-coupon.ts).
 */
export function priceCouponRow(
  options: Omit<PriceOptions, "tx" | "code" | "userId"> & {
    row: (CouponRow & { terms: string; member: MemberUses | null }) | null;
  },
): { cart: PricedCart; coupon: AppliedCoupon } {
  const { row, billingPeriod, now, held } = options;
  if (!row) throw couponError(couponMessages.unknown);
  const planIds = options.plans.map((plan) => plan.planId);
  const refusal =
    couponRefusal(row, { planIds, period: billingPeriod, now, held: Boolean(held) }) ?? memberRefusal(row, row.member!);
  if (refusal) throw couponError(refusal);
  const cart = held ?? priceCart(applyCoupon(termsOf(row), options.plans, billingPeriod), row.code);
  return {
    cart,
    coupon: {
      id: row.id,
      code: row.code,
      duration: row.duration,
      durationRenewals: row.durationRenewals,
      terms: row.terms,
      limited: row.maxRedemptions !== null,
    },
  };
}

/**
 * The count of one use, as a statement (or a part of the purchase's write statement): one row when
 * it counted, none when the code's terms are no longer those it was priced with, or its limit was
 * reached. A code with a limit on its total uses keeps their count in its row, raised here only
 * while under the limit: the row is locked from here to the commit, so the last use goes to one
 * member. A code without one keeps no count (its uses are its purchase rows): the row is only
 * share-locked, which purchases do not wait for, while staff's edits wait for them, and an edit
 * committed since the pricing (a limit set, the code paused) is seen here.
 */
export function countUseStatement(coupon: AppliedCoupon): SQL {
  if (!coupon.limited)
    return sql`select 1 from coupons
     where id = ${coupon.id} and ${couponTerms} = ${coupon.terms} and max_redemptions is null
       for share`;
  return sql`update coupons set redemption_count = redemption_count + 1
     where id = ${coupon.id} and ${couponTerms} = ${coupon.terms}
       and max_redemptions is not null and redemption_count < max_redemptions
    returning 1`;
}

/**
 * Counts one purchase with the code, after every other check of the purchase and before it writes
 * anything (countUseStatement). When the terms changed or the limit was reached meanwhile, the checkout is
 * priced again under the lock: its refusal is thrown (nothing written yet), or "repriced" is
 * answered when the code now takes a different amount off. Returns the code as counted.
 * The use's own row is written with the purchase's (record-purchase.ts). A purchase that owns its
 * transaction counts inside its write statement instead, and comes here only when that counted
 * nothing (purchase-subscriptions.ts).
 */
export async function countCouponUse(
  options: PriceOptions & { priced: { cart: PricedCart; coupon: AppliedCoupon } },
): Promise<AppliedCoupon | "repriced"> {
  const { tx, priced } = options;
  const counted = await tx.execute(countUseStatement(priced.coupon));
  if (counted.rows.length === 1) return priced.coupon;
  const again = await priceWithCoupon({ ...options, lock: true });
  if (again.coupon.id !== priced.coupon.id || again.cart.discount !== priced.cart.discount) return "repriced";
  // Its row is locked now: a code without a limit has nothing more to count.
  if (!again.coupon.limited) return again.coupon;
  const locked = await tx.execute(sql`
    update coupons set redemption_count = redemption_count + 1
     where id = ${again.coupon.id} and redemption_count < max_redemptions
    returning id`);
  if (locked.rows.length === 0) throw couponError(couponMessages.usedUp);
  return again.coupon;
}

/** The row of a use (coupon_redemptions), as the purchase's write statement inserts it. */
export function redemptionRow(options: {
  coupon: AppliedCoupon;
  userId: string;
  cart: PricedCart;
  billingId: string;
  orderId?: string | null;
  now: Date;
}) {
  const { coupon, cart } = options;
  return sql`insert into coupon_redemptions (coupon_id, user_id, kind, billing_id, order_id, list_amount, discount_amount,
                                    charged_amount, created_at)
    values (${coupon.id}, ${options.userId}, 'purchase', ${options.billingId}::uuid, ${options.orderId ?? null}::uuid,
            ${cart.list}, ${cart.discount}, ${cart.charged}, ${options.now.toISOString()}::timestamptz)`;
}

/**
 * What a plan bought with the code keeps for its renewals: nothing for a first-period code, every
 * renewal, or a number of them.
 */
export function renewalRule(coupon: AppliedCoupon): { couponId: number; renewalsLeft: number | null } | null {
  if (coupon.duration === "once") return null;
  return { couponId: coupon.id, renewalsLeft: coupon.duration === "forever" ? null : coupon.durationRenewals };
}
