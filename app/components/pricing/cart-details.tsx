import { CartItems } from "~/components/cart/cart-items";
import { CouponDiscountLine, CouponField } from "~/components/cart/coupon-field";
import type { CartCoupon } from "~/components/cart/use-cart-coupon";
import type { BillingPeriod } from "~/lib/pricing";
import { cn } from "~/lib/utils";
import type { PublicPlan } from "~/lib/view-types/content";

/**
 * What the pricing page's cart shows once it holds a plan: the items, each with its remove
 * button, the coupon code field and the discount line. A module of its own (cart-panel.tsx loads
 * it lazily), so a visitor whose cart is empty, as every first visit's is, downloads none of it:
 * the list, the field and the kit's input and label. The server renders it in place for a cart it
 * knows (the address's, a member's kept one), where its buttons work as the page's form.
 */
export function CartDetails({
  listId,
  form,
  items,
  period,
  coupon,
  notes,
  expanded,
  onRemove,
}: {
  listId: string;
  /** The page's form the remove buttons post without scripts. */
  form: string;
  items: readonly PublicPlan[];
  period: BillingPeriod;
  coupon: CartCoupon;
  notes?: Readonly<Record<number, string>>;
  /** On a phone: whether the folded list is open. */
  expanded: boolean;
  onRemove: (planId: number) => void;
}) {
  return (
    <>
      <CartItems
        id={listId}
        aria-label="Cart items"
        items={items}
        period={period}
        onRemove={onRemove}
        form={form}
        notes={notes}
        className={cn("max-h-48 overflow-y-auto lg:block lg:max-h-none lg:overflow-visible", !expanded && "hidden")}
      />
      <div className={cn("grid gap-3 lg:grid", !expanded && "hidden")}>
        <CouponField id="cart-coupon" coupon={coupon} />
        <CouponDiscountLine coupon={coupon} />
      </div>
    </>
  );
}
