import { CheckIcon, PlusIcon, ShoppingCartIcon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { CartItems } from "~/components/cart/cart-items";
import { CouponDiscountLine } from "~/components/cart/coupon-field";
import { priceCartSwitch } from "~/components/cart/switch-arithmetic";
import { useKeepCart } from "~/components/cart/use-keep-cart";
import { useKeptCartCoupon } from "~/components/cart/use-kept-cart-coupon";
import { usePlanCart } from "~/components/cart/use-plan-cart";
import { PlanCard } from "~/components/plans/plan-card";
import { TrialLink } from "~/components/plans/trial-link";
import { BillingPeriodTabs } from "~/components/pricing/billing-period-tabs";
import { Button } from "~/components/ui/button";
import { cartOverlap } from "~/lib/billing/cart-overlap";
import { unavailableByPeriod, type PlanSwitching } from "~/lib/billing/plan-switch";
import { totalSuffix } from "~/lib/billing/renewal-text";
import type { KeptCart } from "~/lib/cart";
import { formatUsdt } from "~/lib/money";
import { ORDER_PATH } from "~/lib/orders";
import type { PublicPlan } from "~/lib/view-types/content";
import type { MemberSubscription, SubscriptionsData } from "~/lib/view-types/member";
import { ConfirmPurchaseDialog } from "./confirm-purchase-dialog";
import { useDashboard } from "./dashboard-context";
import { DashboardSection, SectionContent } from "./dashboard-section";
import { MemberSubscriptions } from "./member-subscriptions";
import { OpenOrderCard } from "./order/open-order-notice";

/** Subscriptions: an unpaid order first, then the member's own plans, then the plan cards with a cart and the confirm-purchase dialog. */
export function SubscriptionsSection({ data }: { data?: SubscriptionsData }) {
  return (
    <DashboardSection id="subscriptions" title="Subscriptions" className="gap-8">
      <OpenOrderCard />
      <SectionContent
        data={data}
        loading={
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
        }
      >
        {({ plans, subscriptions, cart, switching, inside }) => (
          <>
            <MemberSubscriptions subscriptions={subscriptions} plans={plans} switching={switching} />
            <PlanPicker plans={plans} subscriptions={subscriptions} kept={cart} switching={switching} inside={inside} />
          </>
        )}
      </SectionContent>
    </DashboardSection>
  );
}

function PlanPicker({
  plans,
  subscriptions,
  kept,
  switching,
  inside,
}: {
  plans: PublicPlan[];
  subscriptions: MemberSubscription[];
  /** The cart kept with the account: it wins over this tab's, which only fills an account without one. */
  kept: KeptCart | null;
  switching: PlanSwitching;
  inside: Record<number, number[]>;
}) {
  const active = React.useMemo(
    () => subscriptions.filter((s) => s.status === "active").map((s) => s.planId),
    [subscriptions],
  );
  // A plan the member has can be bought again only for a longer period (a switch, credited): at
  // the period held or a shorter one it stays out of the cart.
  const unavailable = React.useMemo(() => unavailableByPeriod(switching), [switching]);
  const cart = usePlanCart(plans, { unavailable, initial: kept, keep: useKeepCart() });
  // A plan the member has had in any form has no trial for them: its offer is not shown.
  const had = React.useMemo(() => new Set(subscriptions.map((s) => s.planId)), [subscriptions]);
  const [confirming, setConfirming] = React.useState(false);
  const { items } = cart;
  // The cart's code: the one kept with it (ordered with at sign-up, or applied here), else the one
  // applied in this tab's /pricing cart; checked again for this cart once it has plans, so the cart
  // shows the discount and Subscribe's purchase or order is priced with it.
  const coupon = useKeptCartCoupon(items, cart.period, kept?.couponCode ?? null);
  // Priced as the purchase charges it: the code's discount, then an upgrade less its credit; a plan
  // an active one includes is said.
  const { cart: priced, blocked } = priceCartSwitch({
    items,
    period: cart.period,
    switching,
    coded: coupon.lines,
    couponCode: coupon.code,
  });
  // Two plans of the cart sharing channels: the first one another includes is said as the purchase
  // refuses it, before Subscribe.
  const overlap = cartOverlap(items, inside);
  if (overlap) blocked[overlap.planId] ??= overlap.note;
  const total = priced.charged;
  const refused = items.some((plan) => blocked[plan.id]);

  return (
    <BillingPeriodTabs value={cart.period} onValueChange={cart.setPeriod}>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_18rem] xl:items-start">
        <ul aria-label="Plans" className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3">
          {plans.map((plan) => {
            const subscribed = active.includes(plan.id) && unavailable[cart.period].includes(plan.id);
            const switchable = active.includes(plan.id) && !subscribed;
            const inCart = cart.has(plan.id);
            const included = blocked[plan.id];
            return (
              <li key={plan.id}>
                <PlanCard
                  role="group"
                  className="[&_[data-slot=plan-price]]:flex-wrap"
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
                    ) : included && !inCart ? (
                      <Button type="button" className="w-full" variant="secondary" disabled>
                        <CheckIcon aria-hidden="true" />
                        {included.replace("Already included", "Included")}
                      </Button>
                    ) : (
                      <div className="grid gap-2">
                        <Button
                          type="button"
                          className="w-full"
                          variant={inCart ? "outline" : "default"}
                          aria-pressed={inCart}
                          onClick={() => cart.toggle(plan.id)}
                        >
                          {inCart ? <CheckIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
                          {inCart ? "Remove from cart" : switchable ? `Switch to ${cart.period}` : "Add to cart"}
                        </Button>
                        {had.has(plan.id) ? null : <TrialLink plan={plan} />}
                      </div>
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
        {/* Below xl a slim bar pinned to the bottom (total + Subscribe); a full side panel from xl. */}
        <aside
          aria-labelledby="dashboard-cart-title"
          className={
            "sticky bottom-2 z-10 flex items-center justify-between gap-3 rounded-xl border bg-card " +
            "p-3 shadow-lg xl:top-20 xl:bottom-auto xl:grid xl:p-4 xl:shadow-sm"
          }
        >
          <h2 id="dashboard-cart-title" className="flex items-center gap-2 font-semibold max-xl:sr-only">
            <ShoppingCartIcon className="size-5 text-primary" aria-hidden="true" />
            Your cart
          </h2>
          {items.length === 0 ? (
            <p className="text-sm text-muted-foreground max-xl:hidden">Your cart is empty. Add a plan to subscribe.</p>
          ) : (
            <CartItems
              aria-label="Cart items"
              items={items}
              period={cart.period}
              prices={false}
              notes={blocked}
              className="space-y-1 max-xl:sr-only"
            />
          )}
          <CouponDiscountLine coupon={coupon} className="max-xl:hidden" />
          <AwaitingOrder />
          {refused ? (
            // On a phone the item list is hidden: the refusal is said in the bar itself.
            <p role="alert" data-slot="cart-refusal" className="text-xs text-destructive xl:hidden">
              {items.map((plan) => blocked[plan.id]).find(Boolean)}
            </p>
          ) : null}
          <p className="flex flex-col text-sm xl:flex-row xl:items-baseline xl:justify-between xl:border-t xl:pt-3">
            <span className="text-muted-foreground">{`Total (${items.length} ${items.length === 1 ? "plan" : "plans"})`}</span>{" "}
            <span className="font-semibold tabular-nums" data-slot="cart-total">
              {formatUsdt(total)}{" "}
              <span className="font-normal text-muted-foreground">
                {/* An upgrade's credit comes off the first period only: the renewals cost the list price. */}
                {totalSuffix(
                  cart.period,
                  total,
                  coupon.renewal ?? { price: priced.list, times: null, then: priced.list },
                )}
              </span>
            </span>
          </p>
          <Button type="button" disabled={items.length === 0 || refused} onClick={() => setConfirming(true)}>
            Subscribe
          </Button>
        </aside>
      </div>
      <ConfirmPurchaseDialog
        open={confirming}
        onOpenChange={setConfirming}
        items={items}
        period={cart.period}
        onPurchased={cart.empty}
        coupon={coupon}
        switching={switching}
      />
    </BillingPeriodTabs>
  );
}

/**
 * The open order, said again where the cart is: Subscribe makes a new order that replaces it, so
 * the member sees there is one to pay first. On a phone the header's reminder says it.
 */
function AwaitingOrder() {
  const { openOrder } = useDashboard();
  if (!openOrder) return null;
  return (
    <p data-slot="cart-open-order" className="text-sm max-xl:hidden">
      {`You have an order awaiting payment: ${openOrder.reference} ${formatUsdt(BigInt(openOrder.total), { suffix: true })}. `}
      <Link to={ORDER_PATH} className="font-medium text-primary underline underline-offset-4">
        Pay now
      </Link>
    </p>
  );
}
