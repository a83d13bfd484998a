import { ArrowRightIcon, ChevronUpIcon, ShoppingCartIcon } from "lucide-react";
import * as React from "react";
import type { CartCoupon } from "~/components/cart/use-cart-coupon";
import { Button } from "~/components/ui/button";
import type { PlanSwitching } from "~/lib/billing/plan-switch";
import { formatUsdt } from "~/lib/money";
import { periodSuffix, type BillingPeriod } from "~/lib/pricing";
import { cn } from "~/lib/utils";
import type { PublicPlan } from "~/lib/view-types/content";

/** The pricing page's form the cart's buttons belong to (they sit in several parts of the page). */
export const CART_FORM = "pricing-cart";

// What a cart with plans shows (items, code field) and an upgrade's credit load as the cart needs
// them: a first visit's cart is empty, and only a member holding a plan can be credited (whether a
// plan of the cart replaces one is decided there, so a visitor downloads none of it). The server
// renders both in place for a cart it knows, and they hydrate once their module arrives.
const CartDetails = React.lazy(() => import("./cart-details").then((m) => ({ default: m.CartDetails })));
const loadCredit = () => import("./cart-credit");
const CartCredit = React.lazy(() => loadCredit().then((m) => ({ default: m.CartCredit })));
const CreditedTotal = React.lazy(() => loadCredit().then((m) => ({ default: m.CreditedTotal })));

/**
 * The pricing page's cart: items at the chosen period's price, a coupon code field with the
 * discount line, the total (the sum of the displayed prices, less the code's discount) and "Next
 * Step", disabled while empty. The parent makes it sticky; on small screens the item list and the
 * code field fold away so the bar stays short, and the total says what the code took off.
 */
export function CartPanel({
  items,
  period,
  total,
  coupon,
  notes,
  switching,
  onRemove,
  onNext,
  className,
  ...props
}: {
  items: readonly PublicPlan[];
  period: BillingPeriod;
  /** Micro-USDT: the sum of the displayed prices. */
  total: bigint;
  coupon: CartCoupon;
  /** Why a plan cannot be bought ("Already included in All-in-One"): said on its line, and checkout waits. */
  notes?: Readonly<Record<number, string>>;
  /** A signed-in member's active plans and what their unused parts are worth (the server's): an upgrade's credit. */
  switching?: PlanSwitching | null;
  onRemove: (planId: number) => void;
  onNext: () => void;
} & React.ComponentProps<"aside">) {
  const [expanded, setExpanded] = React.useState(false);
  const titleId = React.useId();
  const listId = React.useId();
  const count = `${items.length} ${items.length === 1 ? "item" : "items"}`;
  const refusal = items.map((plan) => notes?.[plan.id]).find(Boolean) ?? null;
  const credited = switching && items.length > 0 ? { items, period, switching, coupon } : null;
  const plainTotal = (
    <>
      <span className="text-lg lg:text-xl">{formatUsdt(coupon.total ?? total)}</span>
      <span className="text-sm font-normal text-muted-foreground"> {coupon.suffix ?? periodSuffix[period]}</span>
    </>
  );
  return (
    <aside
      data-slot="cart"
      aria-labelledby={titleId}
      className={cn(
        "flex flex-col gap-3 border bg-card p-4 text-card-foreground shadow-lg lg:gap-4 " +
          "lg:rounded-xl lg:p-6 lg:shadow-sm",
        className,
      )}
      {...props}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold lg:text-lg">
          <ShoppingCartIcon className="size-5 text-primary" aria-hidden="true" />
          Your cart
        </h2>
        <div className="flex items-center gap-1 text-sm text-muted-foreground">
          <span data-slot="cart-count">{count}</span>
          {items.length > 0 ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 lg:hidden"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-label={expanded ? "Hide cart items" : "Show cart items"}
              onClick={() => setExpanded((e) => !e)}
            >
              <ChevronUpIcon className={cn("transition-transform", expanded && "rotate-180")} />
            </Button>
          ) : null}
        </div>
      </div>

      {items.length === 0 ? (
        // On a phone the pinned bar stays two rows high: "0 items" and the disabled Next Step say it.
        <p className="text-sm text-muted-foreground max-lg:sr-only">Your cart is empty. Add a plan to continue.</p>
      ) : (
        <React.Suspense fallback={null}>
          <CartDetails
            listId={listId}
            form={CART_FORM}
            items={items}
            period={period}
            coupon={coupon}
            notes={notes}
            expanded={expanded}
            onRemove={onRemove}
          />
        </React.Suspense>
      )}
      {credited ? (
        // The arithmetic first, then the total it comes to (folded away with the items on a phone).
        <React.Suspense fallback={null}>
          <CartCredit {...credited} className={cn("lg:grid", !expanded && "hidden")} />
        </React.Suspense>
      ) : null}

      {refusal ? (
        // On a phone the items are folded away: the bar says why checkout waits.
        <p role="alert" data-slot="cart-refusal" className="text-xs text-destructive lg:hidden">
          {refusal}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3 lg:flex-col lg:items-stretch lg:border-t lg:pt-4">
        <p className="flex flex-col lg:flex-row lg:items-baseline lg:justify-between">
          <span className="text-sm text-muted-foreground">Total</span>{" "}
          <span className="font-semibold tabular-nums" data-slot="cart-total" aria-live="polite">
            {credited ? (
              <React.Suspense fallback={plainTotal}>
                <CreditedTotal {...credited} plain={plainTotal} />
              </React.Suspense>
            ) : (
              plainTotal
            )}
            {coupon.code && coupon.discount > 0n ? (
              // On a phone the discount line is folded away with the items: the bar says it.
              <span className="block text-xs font-normal text-muted-foreground lg:hidden">
                {`${formatUsdt(coupon.discount)} off with ${coupon.code}`}
              </span>
            ) : null}
          </span>
        </p>
        <Button
          // Without scripts: a GET carrying the form's `cart` field to sign-up.
          type="submit"
          form={CART_FORM}
          formMethod="get"
          formAction="/join/details"
          size="lg"
          disabled={items.length === 0 || refusal !== null}
          onClick={(event) => {
            event.preventDefault();
            onNext();
          }}
          className="lg:w-full"
        >
          Next Step
          <ArrowRightIcon aria-hidden="true" />
        </Button>
      </div>
    </aside>
  );
}
