import { sql, type SQL } from "drizzle-orm";
import { applyCoupon, couponMessages } from "~/lib/billing/coupons";
import { priceCart, type PricedCart } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";
import type { Tx } from "../db/client.ts";
import { codeRefusal } from "./code-refusal.ts";
import { closeCouponGate } from "./coupon-gate.ts";
import { couponError, termsOf, type CouponRow } from "./coupon-rules.ts";
import { couponTerms, findCoupon, type MemberUses } from "./find-coupon.ts";
import { respreadCouponUses } from "./respread-coupon-uses.ts";

/** The code a checkout was priced with, as its purchase records it. */
export type AppliedCoupon = {
  id: number;
  code: string;
  duration: CouponRow["duration"];
  durationRenewals: number | null;
  /** The code's terms as priced (couponTerms): its use is counted only while they hold. */
  terms: string;
  /** It had a limit on its total uses when priced: only then are its uses counted (on its slots). */
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
 * its profile's lock: purchase-coupon.ts). A typed code in a purchase was refused already, by the
 * same codeRefusal with the same cart (refuseTypedCoupon, as a counted guess): checked again here
 * in memory, it passes.
 */
export function priceCouponRow(
  options: Omit<PriceOptions, "tx" | "code" | "userId"> & {
    row: (CouponRow & { terms: string; member: MemberUses | null }) | null;
  },
): { cart: PricedCart; coupon: AppliedCoupon } {
  const { row, billingPeriod, now, held } = options;
  const planIds = options.plans.map((plan) => plan.planId);
  const refusal = codeRefusal(row, { planIds, period: billingPeriod, now, held: Boolean(held) });
  if (refusal !== null || !row) throw couponError(refusal ?? couponMessages.unknown);
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
 * The check of an unlimited code's use, as a statement: one row while the code's terms and text
 * are those it was priced with (a code renamed before its first use) and it still has no limit,
 * none otherwise. Such a code keeps no count (its uses are its purchase rows). The row is
 * share-locked, which staff's edits wait for, and which sees an edit committed since the pricing.
 */
export function countUseStatement(coupon: AppliedCoupon): SQL {
  return sql`select 1 from coupons
     where id = ${coupon.id} and code = ${coupon.code} and ${couponTerms} = ${coupon.terms} and max_redemptions is null
       for share`;
}

/**
 * Counts one purchase with the code, after every other check of the purchase and before it writes
 * anything (countUseStatement). When the terms changed or no slot had room meanwhile, the checkout
 * is priced again under the code's lock (which waits for every purchase in flight with it): its
 * refusal is thrown (nothing written yet), or "repriced" is answered when the code now takes a
 * different amount off; a limited code's use is then counted on a slot with room, or on the code's
 * own row when it has no slots (made before they were, by hand), and is refused as used up when
 * neither has room. Returns the code as counted.
 * The use itself is the purchase's billing row (record-purchase.ts `couponUse`). A purchase that owns its
 * transaction decides its use on its plans' versions instead (coupon-gate.ts), and comes here only
 * when the code changed since it was read (purchase-subscriptions.ts).
 */
export async function countCouponUse(
  options: PriceOptions & { priced: { cart: PricedCart; coupon: AppliedCoupon } },
): Promise<AppliedCoupon | "repriced"> {
  const { tx, priced } = options;
  // A limited code is counted under its row's lock from the start: its share lock taken first and
  // then raised to this one would deadlock with another purchase doing the same (near the limit,
  // where blocks are voided and purchases come here together, it does).
  if (!priced.coupon.limited) {
    const counted = await tx.execute(countUseStatement(priced.coupon));
    if (counted.rows.length === 1) return priced.coupon;
  }
  // Every purchase in flight with a code (each holding its plans' rows for share) commits first: a recount
  // below counts their uses, and the code's row is then locked for the rest of this transaction.
  await closeCouponGate({ tx, couponId: priced.coupon.id });
  const again = await priceWithCoupon({ ...options, lock: true });
  if (again.coupon.id !== priced.coupon.id || again.cart.discount !== priced.cart.discount) return "repriced";
  // Its row is locked now: a code without a limit has nothing more to count.
  if (!again.coupon.limited) return again.coupon;
  if (!(await countOnSlot(tx, again.coupon.id))) {
    // No slot has room, but uses may sit unused in some process's memory: the actual uses decide.
    if (!(await respreadCouponUses({ tx, couponId: again.coupon.id }))) throw couponError(couponMessages.usedUp);
    if (!(await countOnSlot(tx, again.coupon.id))) throw couponError(couponMessages.usedUp);
  }
  return again.coupon;
}

/** One use counted on a slot with room, the code's row locked for update by the caller: false when none has room. */
async function countOnSlot(tx: Tx, couponId: number): Promise<boolean> {
  const counted = await tx.execute(sql`
    update coupon_use_slots counting set uses = counting.uses + 1
     where counting.coupon_id = ${couponId} and counting.uses < counting.quota
       and counting.slot = (select free.slot from coupon_use_slots free
                             where free.coupon_id = ${couponId} and free.uses < free.quota
                             order by free.slot limit 1 for update)
    returning 1`);
  return counted.rows.length === 1;
}

/**
 * What a plan bought with the code keeps for its renewals: nothing for a first-period code, every
 * renewal, or a number of them.
 */
export function renewalRule(coupon: AppliedCoupon): { couponId: number; renewalsLeft: number | null } | null {
  if (coupon.duration === "once") return null;
  return { couponId: coupon.id, renewalsLeft: coupon.duration === "forever" ? null : coupon.durationRenewals };
}
