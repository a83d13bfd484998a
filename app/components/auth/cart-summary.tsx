import type * as React from "react";
import { CartItems } from "~/components/cart/cart-items";
import { CouponDiscountLine } from "~/components/cart/coupon-field";
import type { CartCoupon } from "~/components/cart/use-cart-coupon";
import { usePlanCart } from "~/components/cart/use-plan-cart";
import type { Cart } from "~/lib/cart";
import { formatUsdt } from "~/lib/money";
import { periodLabel, periodSuffix } from "~/lib/pricing";
import { cn } from "~/lib/utils";
import type { PublicPlan } from "~/lib/view-types/content";

/**
 * The plans carried from /pricing (navigation state, the address without scripts, or the
 * session-storage cart after a reload), shown beside the sign-up form with the coupon code's
 * discount line and the new total; paid on the dashboard. Nothing while the cart is empty.
 */
export function CartSummary({
  plans,
  initial,
  coupon,
  className,
  ...props
}: { plans: readonly PublicPlan[]; initial?: Cart | null; coupon?: CartCoupon } & React.ComponentProps<"aside">) {
  const { items, period, total } = usePlanCart(plans, { initial });
  if (items.length === 0) return null;
  // A code's total that is not what renews ("today, then $38.00 /month") says so under it.
  const after = coupon?.suffix !== periodSuffix[period] && coupon?.suffix;
  return (
    <aside
      aria-label="Your selection"
      data-slot="cart-summary"
      className={cn("h-fit rounded-xl border bg-muted/40 p-6 lg:mt-24", className)}
      {...props}
    >
      <p className="font-semibold">Your selection</p>
      <CartItems items={items} period={period} className="mt-4" />
      {coupon ? <CouponDiscountLine coupon={coupon} className="mt-4" /> : null}
      <p className="mt-4 flex justify-between border-t pt-4 font-semibold">
        <span>{after ? "Total" : `Total (${periodLabel[period]})`}</span>{" "}
        <span data-slot="cart-total" className="text-right">
          {formatUsdt(coupon?.total ?? total)} USDT
          {after ? <span className="block text-sm font-normal text-muted-foreground">{after}</span> : null}
        </span>
      </p>
      <p className="mt-3 text-xs text-muted-foreground">
        After creating your account you pay from your USDT (TRC-20) balance on the dashboard.
      </p>
    </aside>
  );
}
