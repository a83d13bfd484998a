import type { Cart } from "~/lib/cart";
import { checkCouponCode } from "../coupons/check-coupon-code.ts";
import type { DbOrTx } from "../db/client.ts";
import { saveMemberCart } from "./save-member-cart.ts";

/**
 * The dashboard's cart as the member changes it. A code applied there is kept with it, so the
 * next visit finds it applied; it is checked again here for this cart and member (a refusal is the
 * check's own, with its guess limit), since the browser's word that it was accepted is not
 * enough to keep it. Kept in capitals, as checked. `couponCode: null` removes the kept code;
 * left out, the kept code stays as it is.
 */
export async function saveDashboardCart(options: {
  db: DbOrTx;
  userId: string;
  cart: Cart & { couponCode?: string | null };
  clientIp?: string | null;
}) {
  const { db, userId, cart, clientIp } = options;
  if (!cart.couponCode || cart.planIds.length === 0) return saveMemberCart({ db, userId, cart });
  const terms = await checkCouponCode({
    db,
    code: cart.couponCode,
    planIds: cart.planIds,
    billingPeriod: cart.billingPeriod,
    userId,
    clientIp,
  });
  await saveMemberCart({ db, userId, cart: { ...cart, couponCode: terms.code } });
}
