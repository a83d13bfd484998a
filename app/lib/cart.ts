import { isBillingPeriod, type BillingPeriod } from "./pricing";

/**
 * The plan cart chosen on /pricing, shared with the sign-up screen (/join/details) and the
 * dashboard's subscriptions section.
 *
 * Storage: `sessionStorage["cart"]`, JSON of the shape
 *   { "planIds": number[], "billingPeriod": "monthly" | "quarterly" | "lifetime" }
 * where `planIds` are `pricing.id` values (not the `plan_id` slugs), unique, in the order
 * they were added. Session storage (not local) keeps the cart per tab and forgets it when
 * the tab closes, so a shared computer does not carry one visitor's cart to the next.
 *
 * /pricing writes it on every change and again on "Next Step", which also passes the same
 * object as navigation state; readers should prefer the navigation state and fall back to
 * `readCart()` after a reload. The ids are only a wish: readers must check them against the
 * published plans (the server recomputes every price when it charges).
 *
 * A member's cart is also kept with their account (server/orders/*-member-cart.ts): sign-up and
 * sign-in hand this tab's cart over, the dashboard and a signed-in member's /pricing write every
 * change, and /pricing starts from the kept cart with this tab's joined to it.
 */
export const CART_STORAGE_KEY = "cart";
/** The coupon code applied to the cart on /pricing, kept beside it for sign-up (the same tab's storage). */
export const CART_COUPON_STORAGE_KEY = "cart-coupon";

export type Cart = { planIds: number[]; billingPeriod: BillingPeriod };

/** The cart kept with the account, with the code it was ordered with at sign-up (null without one). */
export type KeptCart = Cart & { couponCode: string | null };

export const emptyCart: Cart = { planIds: [], billingPeriod: "monthly" };

/** Validates anything (stored JSON, navigation state) into a Cart, or null. */
export function parseCart(value: unknown): Cart | null {
  if (typeof value !== "object" || value === null) return null;
  const { planIds, billingPeriod } = value as Record<string, unknown>;
  if (!Array.isArray(planIds) || !isBillingPeriod(billingPeriod)) return null;
  const ids = planIds.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
  return { planIds: [...new Set(ids)], billingPeriod };
}

/**
 * A cart meeting the one kept with the account (sign-in, a member opening /pricing): its plans join
 * the kept ones (those already kept keep their place, the new ones follow) at its period. An empty
 * cart changes nothing, so a tab or browser without one never wipes the kept cart.
 */
export function joinKeptCart(kept: Cart | null, cart: Cart): Cart {
  if (cart.planIds.length === 0) return kept ?? cart;
  return { planIds: [...new Set([...(kept?.planIds ?? []), ...cart.planIds])], billingPeriod: cart.billingPeriod };
}

/**
 * The cart in an address, `quarterly:3,5`: how it travels without JavaScript (/pricing's buttons
 * post, the answer is /pricing?cart=…, and "Next Step" is a GET to /join/details?cart=…). An
 * address, not a cookie: the page for it is the same for everyone, so the anonymous page cache
 * may keep it.
 */
export function cartToParam(cart: Cart): string {
  return `${cart.billingPeriod}:${cart.planIds.join(",")}`;
}

export function cartFromParam(value: string | null | undefined): Cart | null {
  if (!value || value.length > 200) return null;
  const [period, ids = ""] = value.split(":");
  return parseCart({ planIds: ids ? ids.split(",").map(Number) : [], billingPeriod: period });
}

// Storage can be missing (server render) or throw (disabled storage, private modes, quota):
// the cart then simply lives for this page only.
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readCart(): Cart | null {
  try {
    const raw = storage()?.getItem(CART_STORAGE_KEY);
    return raw ? parseCart(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function writeCart(cart: Cart): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify({ planIds: cart.planIds, billingPeriod: cart.billingPeriod }));
  } catch {}
}

export function clearCart(): void {
  try {
    storage()?.removeItem(CART_STORAGE_KEY);
    storage()?.removeItem(CART_COUPON_STORAGE_KEY);
  } catch {}
}

/** The code applied to this tab's cart, or null. Only a wish: sign-up's order checks it again. */
export function readCartCoupon(): string | null {
  try {
    const code = storage()?.getItem(CART_COUPON_STORAGE_KEY);
    return code && code.length <= 40 ? code : null;
  } catch {
    return null;
  }
}

export function writeCartCoupon(code: string | null): void {
  try {
    if (code) storage()?.setItem(CART_COUPON_STORAGE_KEY, code);
    else storage()?.removeItem(CART_COUPON_STORAGE_KEY);
  } catch {}
}

/**
 * This tab's cart and its code as a sign-in sends them (the `cart` and `cartCoupon` fields the
 * server joins to the account's kept cart), or null when the tab's cart is empty.
 */
export function signInCartFields(): { cart: string; cartCoupon: string } | null {
  const cart = readCart();
  if (!cart || cart.planIds.length === 0) return null;
  return { cart: JSON.stringify(cart), cartCoupon: readCartCoupon() ?? "" };
}

/** The code carried in navigation state beside the cart (`{ ...cart, couponCode }`), or null. */
export function couponFromState(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const code = (state as { couponCode?: unknown }).couponCode;
  return typeof code === "string" && code.length > 0 && code.length <= 40 ? code : null;
}
