import * as React from "react";
import { useLocation, useNavigate } from "react-router";
import { clearCart, emptyCart, joinKeptCart, parseCart, readCart, writeCart, type Cart } from "~/lib/cart";
import { cartTotal, isBillingPeriod, type BillingPeriod } from "~/lib/pricing";
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

/** The plans a member cannot put in the cart, by the cart's period: one held is bought again only for a longer one. */
export type Unavailable = Readonly<Partial<Record<BillingPeriod, readonly number[]>>>;
const NONE: Unavailable = {};

/** The plans that can still be bought at the cart's period: published, and not one the member has at it. */
function onlyBuyable(cart: Cart, plans: readonly PublicPlan[], owned: Unavailable): Cart {
  return {
    ...cart,
    planIds: cart.planIds.filter((id) => plans.some((p) => p.id === id) && !owned[cart.billingPeriod]?.includes(id)),
  };
}

/**
 * The plan cart (app/lib/cart.ts) as /pricing, sign-up (/join/details) and the dashboard's
 * subscriptions section use it. The server renders `initial` (the cart in the address, or the
 * one kept with the member's account), else `kept`, else the empty monthly cart, and hydration
 * starts from the same. Restored after hydration from a cart passed as navigation state, else
 * `initial`, else session storage joined to `kept` as a sign-in joins them (/pricing for a
 * signed-in member: the kept plans first, this tab's after, at this tab's period); saved there on
 * every change, and handed to `keep` (the account's copy) on every change the visitor makes, and
 * when this tab's cart is the one restored. Plans unpublished since the cart was saved, and
 * `unavailable` plans at the cart's period (the member's active ones, a purchase just made
 * included), are dropped from it without a word, so neither this tab nor the account keeps offering
 * what was bought; a plan held monthly is in it at quarterly (a switch) and leaves it when the period
 * goes back. With `keepRestored: false` (/pricing) only the visitor's own changes reach `keep`, so
 * merely opening the page writes nothing to the account.
 *
 * With `preselect` (the pricing page), a plan passed as `preSelectedPlan` navigation state or
 * `?plan=` is added once (at the period passed as `billingPeriod` or `?period=`, if any), then
 * the state and the query are cleared so a reload or Back does not add it again.
 */
export function usePlanCart(
  plans: readonly PublicPlan[],
  options: {
    unavailable?: Unavailable;
    preselect?: boolean;
    initial?: Cart | null;
    /** The cart kept with the account, where this tab's joins it (/pricing). */
    kept?: Cart | null;
    keep?: (cart: Cart) => void;
    keepRestored?: boolean;
  } = {},
) {
  const { unavailable = NONE, preselect = false, initial = null, kept = null, keep, keepRestored = true } = options;
  const [cart, setCart] = React.useState<Cart>(() => {
    const first = initial ?? kept;
    return first ? onlyBuyable(first, plans, unavailable) : emptyCart;
  });
  const [restored, setRestored] = React.useState(false);
  // Set by the visitor's own changes (and a restore from this tab), so a restore from the account
  // is not written back to it.
  const changed = React.useRef(false);
  const latestKeep = React.useRef(keep);
  // Read by the restore, not one of its causes: a new list (a purchase, a revalidation) restoring
  // the saved cart would snap the tab back to the saved period. What is unavailable is left out of
  // `items` whatever the cart holds.
  const latestOwned = React.useRef(unavailable);
  React.useEffect(() => {
    latestKeep.current = keep;
    latestOwned.current = unavailable;
  });
  const location = useLocation();
  const navigate = useNavigate();
  // Only a new cart carried by the navigation or the loader restores again; other state changes
  // (a revalidation answering the same cart) leave the cart alone.
  const carried = parseCart(location.state);
  const carriedKey = carried ? JSON.stringify(carried) : null;
  const initialKey = initial ? JSON.stringify(initial) : null;
  const keptKey = kept ? JSON.stringify(kept) : null;

  React.useEffect(() => {
    const given = (carriedKey ?? initialKey) !== null ? parseCart(JSON.parse((carriedKey ?? initialKey)!)) : null;
    const inTab = given ? null : readCart();
    const inAccount = keptKey !== null ? parseCart(JSON.parse(keptKey)) : null;
    const stored = given ?? (inTab && inAccount ? joinKeptCart(inAccount, inTab) : (inTab ?? inAccount));
    if (stored && !given && keepRestored) changed.current = true;
    // As a transition: right after hydration this re-renders every plan card, and an urgent update
    // would do it in one uninterrupted task while the page is meant to answer a tap.
    React.startTransition(() => {
      if (stored) setCart(onlyBuyable(stored, plans, latestOwned.current));
      setRestored(true);
    });
  }, [carriedKey, initialKey, keptKey, plans, keepRestored]);

  React.useEffect(() => {
    if (!restored) return;
    writeCart(cart);
    if (changed.current) latestKeep.current?.(cart);
    changed.current = false;
  }, [cart, restored]);

  React.useEffect(() => {
    if (!preselect || !restored) return;
    const params = new URLSearchParams(location.search);
    const fromState = preSelectedFrom(location.state);
    if (fromState.plan === undefined && fromState.period === undefined && !params.has("plan") && !params.has("period"))
      return;
    const plan = findPlan(plans, fromState.plan ?? params.get("plan"));
    // The period the plan was chosen at (the home page's plan grid), so the cart shows that price.
    const period = fromState.period ?? params.get("period");
    changed.current = true;
    setCart((c) =>
      onlyBuyable(
        {
          billingPeriod: isBillingPeriod(period) ? period : c.billingPeriod,
          planIds: !plan || c.planIds.includes(plan.id) ? c.planIds : [...c.planIds, plan.id],
        },
        plans,
        unavailable,
      ),
    );
    // Consumed: a reload or Back must not add it again, and the address stays clean.
    params.delete("plan");
    params.delete("period");
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  }, [preselect, restored, location, navigate, plans, unavailable]);

  // The chosen plans in the order they were added, as the loaded plans describe them.
  const items = React.useMemo(
    () => onlyBuyable(cart, plans, unavailable).planIds.flatMap((id) => plans.filter((p) => p.id === id)),
    [cart, plans, unavailable],
  );

  const toggle = React.useCallback((planId: number) => {
    changed.current = true;
    setCart((c) => ({
      ...c,
      planIds: c.planIds.includes(planId) ? c.planIds.filter((id) => id !== planId) : [...c.planIds, planId],
    }));
  }, []);

  // A switch to a longer period leaves the cart when the period goes back to the one held.
  const setPeriod = React.useCallback(
    (billingPeriod: BillingPeriod) => {
      changed.current = true;
      setCart((c) => onlyBuyable({ ...c, billingPeriod }, plans, latestOwned.current));
    },
    [plans],
  );

  /** After a purchase: the stored cart is removed (the account's is emptied); the period stays as chosen. */
  const empty = React.useCallback(() => {
    changed.current = true;
    clearCart();
    setCart((c) => ({ ...emptyCart, billingPeriod: c.billingPeriod }));
  }, []);

  const period = cart.billingPeriod;
  const total = React.useMemo(
    () =>
      cartTotal(
        items.map((p) => BigInt(p.price)),
        period,
      ),
    [items, period],
  );
  const has = React.useCallback((planId: number) => items.some((p) => p.id === planId), [items]);

  return { period, items, total, has, toggle, setPeriod, empty };
}
