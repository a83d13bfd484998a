import { priceCartSwitch, SwitchArithmetic } from "~/components/cart/switch-arithmetic";
import type { CartCoupon } from "~/components/cart/use-cart-coupon";
import type { PlanSwitching } from "~/lib/billing/plan-switch";
import { totalSuffix } from "~/lib/billing/renewal-text";
import { formatUsdt } from "~/lib/money";
import type { BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";

/*
 * An upgrade in the pricing page's cart: a signed-in member's cart holding a plan that replaces
 * one they hold is credited the unused part of it, and the cart says so before checkout, as the
 * dashboard's confirmation does. Priced by the one function the dashboard's cart and confirmation
 * use (the purchase's own arithmetic, app/lib/billing/plan-switch.ts), from the server's figures:
 * the loader's held plans with what each one's unused part is worth. A module of its own, loaded
 * only for such a cart (cart-panel.tsx), so no other visitor downloads it.
 */

type CreditProps = {
  items: readonly PublicPlan[];
  period: BillingPeriod;
  switching: PlanSwitching;
  coupon: CartCoupon;
};

// The code's discount first, then the credit for what the upgrade replaces: as the server charges.
const priced = ({ items, period, switching, coupon }: CreditProps) =>
  priceCartSwitch({ items, period, switching, coded: coupon.lines, couponCode: coupon.code });

/**
 * The arithmetic, first: list price − discount − credit for the unused days = amount charged.
 * Nothing when the cart replaces no plan of the member's.
 */
export function CartCredit(props: CreditProps & { className?: string }) {
  const { cart, replaced } = priced(props);
  return <SwitchArithmetic cart={cart} replaced={replaced} className={props.className} />;
}

/**
 * The cart's total once credited, with (on a phone, where the arithmetic is folded away with the
 * items) the credit said under it; `plain`, the uncredited total, when the cart replaces nothing.
 */
export function CreditedTotal({ plain, ...props }: CreditProps & { plain: React.ReactNode }) {
  const { cart, replaced } = priced(props);
  if (cart.credit === 0n && replaced.length === 0) return plain;
  return (
    <>
      <span className="text-lg lg:text-xl">{formatUsdt(cart.charged)}</span>
      {/* The credit comes off the first period only: the renewals cost the list price (less a code's). */}
      <span className="text-sm font-normal text-muted-foreground">
        {" "}
        {totalSuffix(
          props.period,
          cart.charged,
          props.coupon.renewal ?? { price: cart.list, times: null, then: cart.list },
        )}
      </span>
      {cart.credit > 0n ? (
        <span data-slot="cart-credit-note" className="block text-xs font-normal text-muted-foreground lg:hidden">
          {`${formatUsdt(cart.credit)} credit for unused time`}
        </span>
      ) : null}
    </>
  );
}
