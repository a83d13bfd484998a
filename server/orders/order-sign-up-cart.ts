import type { Cart } from "~/lib/cart";
import type { Db } from "../db/client.ts";
import { isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { createCouponOrder } from "./create-coupon-order.ts";
import { keepOrderCoupon, saveMemberCart } from "./save-member-cart.ts";

/**
 * The cart a visitor signed up with, made into the new member's order priced with its code.
 * `ordered`: the order exists (the dashboard opens on it); `refused`: the purchase rules refused it
 * (a plan withdrawn meanwhile, one another plan of the cart includes), with the refusal's words;
 * `failed`: anything else, logged. The account exists whatever happens here, and the cart is kept
 * with it for the member to review.
 */
export async function orderSignUpCart(options: {
  db: Db;
  userId: string;
  cart: Cart;
  couponCode?: string | null;
  clientIp: string;
}): Promise<{ outcome: "ordered" } | { outcome: "refused"; message: string } | { outcome: "failed" }> {
  const { db, userId, cart, couponCode, clientIp } = options;
  try {
    // Kept with the account as well, so the cart is still there after the email is confirmed
    // in another tab or a later sign-in elsewhere (session storage lives in this tab only).
    await saveMemberCart({ db, userId, cart });
    const { orderId } = await createCouponOrder({ db, userId, ...cart, couponCode: couponCode ?? null, clientIp });
    // The kept cart keeps the code too: an order made again from the dashboard's cart (which
    // replaces this one) is priced with it, not at list price.
    if (couponCode) await keepOrderCoupon({ db, userId, orderId });
    return { outcome: "ordered" };
  } catch (error) {
    if (!isAppError(error)) {
      getLogger().error({ err: error, userId }, "sign-up: the order could not be made");
      return { outcome: "failed" };
    }
    // `errorCode`: the logger censors any field named `code` (sign-in codes).
    getLogger().warn({ userId, errorCode: error.code, reason: error.message }, "sign-up: the cart's order was refused");
    return { outcome: "refused", message: error.message };
  }
}
