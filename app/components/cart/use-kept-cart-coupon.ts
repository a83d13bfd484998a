import * as React from "react";
import { readCartCoupon, writeCartCoupon } from "~/lib/cart";
import type { BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";
import { keepMemberCart } from "./keep-member-cart";
import { useCartCoupon, type CartCoupon } from "./use-cart-coupon";

/**
 * The dashboard cart's code, kept with the account's cart: the kept code (else this tab's /pricing
 * code) is applied once the cart has plans; a code the server accepts for the cart is saved with
 * it, so the next visit finds it applied; Remove code takes it off the kept cart (and this tab's),
 * so the next visit does not bring it back.
 */
export function useKeptCartCoupon(
  items: readonly PublicPlan[],
  period: BillingPeriod,
  keptCode: string | null,
): CartCoupon {
  const checked = useCartCoupon(items, period);
  const { remove, apply, code } = checked;
  // The code the account's cart has now, as far as this page knows: saved again only when it changes.
  const saved = React.useRef(keptCode);
  const cart = { planIds: items.map((plan) => plan.id), billingPeriod: period };
  const latest = React.useRef(cart);
  React.useEffect(() => {
    latest.current = cart;
  });

  const removeKept = React.useCallback(() => {
    remove();
    writeCartCoupon(null);
    saved.current = null;
    keepMemberCart(latest.current, { couponCode: null });
  }, [remove]);

  React.useEffect(() => {
    if (!code || code === saved.current) return;
    saved.current = code;
    keepMemberCart(latest.current, { couponCode: code });
  }, [code]);

  const carried = React.useRef(false);
  React.useEffect(() => {
    if (carried.current || items.length === 0) return;
    carried.current = true;
    const carriedCode = keptCode ?? readCartCoupon();
    if (carriedCode) void apply(carriedCode);
  }, [items.length, keptCode, apply]);

  return { ...checked, remove: removeKept };
}
