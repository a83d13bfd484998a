import { CheckIcon, PlusIcon } from "lucide-react";
import * as React from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { useCartCoupon } from "~/components/cart/use-cart-coupon";
import { usePlanCart, type Unavailable } from "~/components/cart/use-plan-cart";
import { PlanCard } from "~/components/plans/plan-card";
import { Button } from "~/components/ui/button";
import { cartOverlap } from "~/lib/billing/cart-overlap";
import type { PlanSwitching } from "~/lib/billing/plan-switch";
import { cartToParam, writeCart, writeCartCoupon, type Cart } from "~/lib/cart";
import { cn } from "~/lib/utils";
import type { PublicPlan } from "~/lib/view-types/content";
import { BillingPeriodTabs } from "./billing-period-tabs";
import { CART_FORM, CartPanel } from "./cart-panel";

// Only a plan with a free trial shows its link, and the demo's plans have none: a page without
// trials downloads none of it. The server renders it in place (a link, it works before it hydrates).
const TrialLink = React.lazy(() => import("~/components/plans/trial-link").then((m) => ({ default: m.TrialLink })));

/** Where "Next Step" leads: the sign-up details screen, which reads the cart (app/lib/cart.ts). */
export const NEXT_STEP_PATH = "/join/details";

// The account's copy of the cart is written by a module loaded on a signed-in member's first
// change, so an anonymous visitor's first load carries none of it.
let keeper: Promise<typeof import("~/components/cart/keep-member-cart")> | undefined;
const keepInAccount = (cart: Cart) => {
  keeper ??= import("~/components/cart/keep-member-cart");
  void keeper.then((m) => m.keepMemberCart(cart));
};

/** The plan picker: period tabs, plan cards with cart toggles, and the sticky cart. */
export function PricingView({
  plans,
  initial,
  kept = null,
  owned,
  included,
  inside = {},
  switching = null,
  className,
  ...props
}: {
  plans: readonly PublicPlan[];
  /** The cart in the address (`?cart=`), rendered by the server: how the cart travels without scripts. */
  initial: Cart | null;
  /** A signed-in member's cart kept with the account: this tab's plans join it, as at sign-in. */
  kept?: Cart | null;
  /**
   * The plans a signed-in member already has, by the cart's period: subscribed there, never in the
   * cart; at a longer period than held, a switch. Every plan held is in `monthly`, the shortest.
   */
  owned?: Unavailable;
  /** Plans an active plan of the member already includes, with the text saying so. */
  included?: Readonly<Record<number, string>>;
  /** For each plan, the plans that include all of its chats (the server's): a cart holding both is refused. */
  inside?: Readonly<Record<number, readonly number[]>>;
  /** A signed-in member's active plans with their unused parts' worth: a plan replacing one is credited in the cart. */
  switching?: PlanSwitching | null;
} & React.ComponentProps<"div">) {
  // A signed-in member's cart is kept with the account as it changes here, as on the dashboard, so
  // it is still there on another device or after the tab closes. The site layout's loader says
  // who is signed in (never on a cached page: those are requests without cookies).
  const site = useRouteLoaderData("routes/site/_site") as { account: unknown } | undefined;
  const keep = site?.account ? keepInAccount : undefined;
  // The page starts from the account's cart (this tab's plans join it), so a plan added here adds to
  // what was kept rather than replacing it; opening the page writes nothing.
  const cart = usePlanCart(plans, { preselect: true, initial, kept, keep, keepRestored: false, unavailable: owned });
  const coupon = useCartCoupon(cart.items, cart.period);
  // Two plans of the cart sharing channels: the first one another includes is said on its line and
  // Next Step waits, as on the dashboard, so no one signs up for an order that would be refused.
  const overlap = cartOverlap(cart.items, inside);
  const notes = overlap && !included?.[overlap.planId] ? { ...included, [overlap.planId]: overlap.note } : included;
  const navigate = useNavigate();

  const goToNextStep = () => {
    const chosen: Cart = { planIds: cart.items.map((p) => p.id), billingPeriod: cart.period };
    // Stored as well as passed along, so /join/details still has it after a reload; the code
    // applied travels with it, for the order made from the cart to be priced with it.
    writeCart(chosen);
    writeCartCoupon(coupon.code);
    navigate(NEXT_STEP_PATH, { state: coupon.code ? { ...chosen, couponCode: coupon.code } : chosen });
  };

  return (
    <div data-slot="pricing-view" className={cn(className)} {...props}>
      {/*
       * Without scripts the buttons post here (`toggle`: the plan added or removed) and the answer
       * is this page with the new cart in its address; "Next Step" sends the cart to sign-up in
       * the address too. With scripts every button does its work in the page instead.
       */}
      <form id={CART_FORM} method="post" action="/pricing">
        <input
          type="hidden"
          name="cart"
          value={cartToParam({ planIds: cart.items.map((p) => p.id), billingPeriod: cart.period })}
        />
      </form>
      <BillingPeriodTabs
        value={cart.period}
        onValueChange={cart.setPeriod}
        // Without scripts a period is this page's address with the cart at that period.
        hrefFor={(billingPeriod) =>
          `/pricing?cart=${encodeURIComponent(cartToParam({ planIds: cart.items.map((p) => p.id), billingPeriod }))}`
        }
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <ul aria-label="Plans" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {plans.map((plan) => {
              const inCart = cart.has(plan.id);
              const subscribed = owned?.[cart.period]?.includes(plan.id);
              const switchable = !subscribed && owned?.monthly?.includes(plan.id);
              const inside = included?.[plan.id];
              return (
                <li key={plan.id}>
                  <PlanCard
                    role="group"
                    plan={plan}
                    period={cart.period}
                    maxFeatures={5}
                    selected={inCart}
                    action={
                      subscribed ? (
                        <Button type="button" className="w-full" variant="secondary" disabled>
                          <CheckIcon aria-hidden="true" />
                          Subscribed
                        </Button>
                      ) : inside && !inCart ? (
                        <Button type="button" className="w-full" variant="secondary" disabled>
                          <CheckIcon aria-hidden="true" />
                          {inside.replace("Already included", "Included")}
                        </Button>
                      ) : (
                        <div className="grid gap-2">
                          <Button
                            type="submit"
                            form={CART_FORM}
                            name="toggle"
                            value={plan.id}
                            className="w-full"
                            variant={inCart ? "outline" : "default"}
                            aria-pressed={inCart}
                            onClick={(event) => {
                              event.preventDefault();
                              cart.toggle(plan.id);
                            }}
                          >
                            {inCart ? <CheckIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
                            {inCart ? "Remove from cart" : switchable ? `Switch to ${cart.period}` : "Add to cart"}
                          </Button>
                          {plan.trialDays > 0 ? (
                            <React.Suspense fallback={null}>
                              <TrialLink plan={plan} />
                            </React.Suspense>
                          ) : null}
                        </div>
                      )
                    }
                  />
                </li>
              );
            })}
          </ul>
          {/*
           * Small screens: pinned to the bottom edge while the plans scroll by. A phone has no
           * floating support button (it is in the header), so the bar spans the screen; on a tablet
           * it starts right of that button (bottom left) so neither covers the other, and the strip
           * under the button is painted like the bar, so no page text shows beneath it either.
           * Desktop: a sticky side column under the header.
           */}
          <CartPanel
            items={cart.items}
            period={cart.period}
            total={cart.total}
            coupon={coupon}
            notes={notes}
            switching={switching}
            onRemove={cart.toggle}
            onNext={goToNextStep}
            className={
              "sticky bottom-0 z-30 -mx-4 rounded-none border-x-0 border-b-0 sm:-mx-6 md:ml-12 " +
              "md:before:absolute md:before:-top-px md:before:right-full md:before:bottom-0 " +
              "md:before:w-18 md:before:border-t md:before:bg-card lg:top-24 lg:bottom-auto lg:mx-0 " +
              "lg:border lg:before:hidden"
            }
          />
        </div>
      </BillingPeriodTabs>
    </div>
  );
}
