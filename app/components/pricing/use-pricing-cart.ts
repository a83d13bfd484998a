import * as React from "react";
import { useLocation, useNavigate } from "react-router";
import { emptyCart, readCart, writeCart, type Cart } from "~/lib/cart";
import { isBillingPeriod, type BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";

/** A plan named by its id (number or digits) or its `planId` slug, among the loaded plans. */
export function findPlan(plans: readonly PublicPlan[], ref: unknown): PublicPlan | undefined {
  if (typeof ref === "number") return plans.find((p) => p.id === ref);
  if (typeof ref !== "string") return undefined;
  const text = ref.trim();
  if (!text) return undefined;
  return /^\d+$/.test(text) ? plans.find((p) => p.id === Number(text)) : plans.find((p) => p.planId === text);
}

function preSelectedFrom(state: unknown): { plan?: unknown; period?: unknown } {
  if (typeof state !== "object" || state === null) return {};
  const { preSelectedPlan, billingPeriod } = state as { preSelectedPlan?: unknown; billingPeriod?: unknown };
  return { plan: preSelectedPlan, period: billingPeriod };
}

/**
 * The /pricing cart: restored from session storage after hydration (the server render is
 * always the empty monthly cart, so hydration matches), saved on every change, with a plan
 * passed as `preSelectedPlan` navigation state or `?plan=` pre-added once (with the period passed
 * as `billingPeriod` or `?period=`, if any).
 */
export function usePricingCart(plans: readonly PublicPlan[]) {
  const [cart, setCart] = React.useState<Cart>(emptyCart);
  const [restored, setRestored] = React.useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  React.useEffect(() => {
    const stored = readCart();
    if (stored) {
      // Plans unpublished since the cart was saved are dropped without a word.
      const published = new Set(plans.map((p) => p.id));
      setCart({ ...stored, planIds: stored.planIds.filter((id) => published.has(id)) });
    }
    setRestored(true);
  }, [plans]);

  React.useEffect(() => {
    if (restored) writeCart(cart);
  }, [cart, restored]);

  React.useEffect(() => {
    if (!restored) return;
    const params = new URLSearchParams(location.search);
    const fromState = preSelectedFrom(location.state);
    if (fromState.plan === undefined && fromState.period === undefined && !params.has("plan") && !params.has("period")) return;
    const plan = findPlan(plans, fromState.plan ?? params.get("plan"));
    // The period the plan was chosen at (the home page's plan grid), so the cart shows that price.
    const period = fromState.period ?? params.get("period");
    setCart((c) => ({
      billingPeriod: isBillingPeriod(period) ? period : c.billingPeriod,
      planIds: !plan || c.planIds.includes(plan.id) ? c.planIds : [...c.planIds, plan.id],
    }));
    // Consumed: a reload or Back must not add it again, and the address stays clean.
    params.delete("plan");
    params.delete("period");
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  }, [restored, location, navigate, plans]);

  const toggle = React.useCallback((planId: number) => {
    setCart((c) => ({
      ...c,
      planIds: c.planIds.includes(planId) ? c.planIds.filter((id) => id !== planId) : [...c.planIds, planId],
    }));
  }, []);

  const setPeriod = React.useCallback((billingPeriod: BillingPeriod) => setCart((c) => ({ ...c, billingPeriod })), []);

  return { cart, toggle, setPeriod };
}
