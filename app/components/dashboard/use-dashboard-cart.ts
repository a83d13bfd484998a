import * as React from "react";
import { useLocation } from "react-router";
import { clearCart, emptyCart, parseCart, readCart, writeCart, type Cart } from "~/lib/cart";
import type { BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";

/**
 * The dashboard's cart, shared with /pricing and sign-up through session storage
 * (app/lib/cart.ts): plans chosen before sign-up arrive here. Restored after hydration (the
 * server renders the empty cart, so hydration matches); plans no longer published or already
 * active are left out.
 */
export function useDashboardCart(plans: readonly PublicPlan[], activePlanIds: readonly number[]) {
  const location = useLocation();
  const [cart, setCart] = React.useState<Cart>(emptyCart);
  const [restored, setRestored] = React.useState(false);
  const state = location.state as unknown;

  React.useEffect(() => {
    const stored = parseCart(state) ?? readCart();
    if (stored) setCart(stored);
    setRestored(true);
  }, [state]);

  React.useEffect(() => {
    if (restored) writeCart(cart);
  }, [cart, restored]);

  const available = React.useMemo(() => {
    const published = new Set(plans.map((p) => p.id));
    const active = new Set(activePlanIds);
    return cart.planIds.filter((id) => published.has(id) && !active.has(id));
  }, [cart.planIds, plans, activePlanIds]);

  const toggle = React.useCallback((planId: number) => {
    setCart((c) => ({
      ...c,
      planIds: c.planIds.includes(planId) ? c.planIds.filter((id) => id !== planId) : [...c.planIds, planId],
    }));
  }, []);
  const setPeriod = React.useCallback((billingPeriod: BillingPeriod) => setCart((c) => ({ ...c, billingPeriod })), []);
  const empty = React.useCallback(() => {
    clearCart();
    setCart((c) => ({ ...emptyCart, billingPeriod: c.billingPeriod }));
  }, []);

  return { period: cart.billingPeriod, planIds: available, toggle, setPeriod, empty };
}
