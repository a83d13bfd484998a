import { eq } from "drizzle-orm";
import { joinKeptCart, type Cart } from "~/lib/cart";
import { checkCouponCode } from "../coupons/check-coupon-code.ts";
import type { Db } from "../db/client.ts";
import { memberCarts } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { saveMemberCart } from "./save-member-cart.ts";

/**
 * A cart chosen before signing in meets the account: its plans join the account's cart (those
 * already there keep their place, the new ones follow) at the period just chosen. An empty cart
 * changes nothing, so signing in from another browser never wipes the kept one.
 *
 * The code applied to that cart comes too when it is still good for it (checked again: the
 * browser's word is not enough), and only into a kept cart without one: the kept code is the one
 * the dashboard's cart applies first, so the account's cart says the same before and after.
 */
export async function mergeMemberCart(options: {
  db: Db;
  userId: string;
  cart: Cart;
  couponCode?: string | null;
  clientIp?: string | null;
}) {
  const { db, userId, cart } = options;
  if (cart.planIds.length === 0) return;
  const couponCode = options.couponCode ? await checkedCode({ ...options, couponCode: options.couponCode }) : null;
  await db.transaction(async (tx) => {
    // Locked, so two sign-ins at once both add their plans.
    const [kept] = await tx
      .select({ planIds: memberCarts.planIds, billingPeriod: memberCarts.billingPeriod, code: memberCarts.couponCode })
      .from(memberCarts)
      .where(eq(memberCarts.userId, userId))
      .for("update");
    const joined = joinKeptCart(kept ?? null, cart);
    await saveMemberCart({ db: tx, userId, cart: couponCode && !kept?.code ? { ...joined, couponCode } : joined });
  });
}

/** The code as checked for the cart it was applied to, or null when it is no longer good for it. */
async function checkedCode(options: {
  db: Db;
  userId: string;
  cart: Cart;
  couponCode: string;
  clientIp?: string | null;
}) {
  const { db, userId, cart, couponCode, clientIp } = options;
  try {
    const terms = await checkCouponCode({ db, code: couponCode, ...cart, userId, clientIp });
    return terms.code;
  } catch (error) {
    // Refused (expired, used up, for new members only…): the plans still join, without it.
    if (error instanceof AppError) return null;
    throw error;
  }
}
