import { formatUsdt } from "~/lib/money";
import { cartTotal, periodLabel, priceFor } from "~/lib/pricing";
import type { Cart } from "~/lib/cart";
import type { PublicPlan } from "~/lib/view-types/content";

/** The plans carried from /pricing, shown beside the sign-up form; paid on the dashboard. */
export function CartSummary({ cart, plans }: { cart: Cart; plans: PublicPlan[] }) {
  const chosen = cart.planIds.map((id) => plans.find((p) => p.id === id)).filter((p): p is PublicPlan => Boolean(p));
  if (chosen.length === 0) return null;
  const total = cartTotal(chosen.map((p) => BigInt(p.price)), cart.billingPeriod);
  return (
    <aside aria-label="Your selection" className="h-fit rounded-xl border bg-muted/40 p-6 lg:mt-24">
      <p className="font-semibold">Your selection</p>
      <ul className="mt-4 space-y-2 text-sm">
        {chosen.map((plan) => (
          <li key={plan.id} className="flex justify-between gap-4">
            <span>{plan.name}</span>
            <span>{formatUsdt(priceFor(BigInt(plan.price), cart.billingPeriod))}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex justify-between border-t pt-4 font-semibold">
        <span>Total ({periodLabel[cart.billingPeriod]})</span>
        <span>{formatUsdt(total)} USDT</span>
      </p>
      <p className="mt-3 text-xs text-muted-foreground">
        After creating your account you pay from your USDT (TRC-20) balance on the dashboard.
      </p>
    </aside>
  );
}
