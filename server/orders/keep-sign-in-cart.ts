import type { Cart } from "~/lib/cart";
import type { Db } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { mergeMemberCart } from "./merge-member-cart.ts";

/**
 * At the end of a sign-in (the password alone, the second factor after it, a one-time code, a passkey):
 * the cart chosen before it joins the account's kept cart, with its code (mergeMemberCart). Best
 * effort: a cart that cannot be kept is logged, never a refused sign-in.
 */
export async function keepSignInCart(options: {
  db: Db;
  userId: string;
  cart: Cart | null | undefined;
  couponCode: string | null;
  clientIp: string;
}) {
  const { cart, userId } = options;
  if (!cart) return;
  try {
    await mergeMemberCart({ ...options, cart });
  } catch (error) {
    getLogger().error({ err: error, userId }, "sign-in: the cart could not be kept");
  }
}
