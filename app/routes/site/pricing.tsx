import * as React from "react";
import { redirect } from "react-router";
import { PaymentMethods } from "~/components/pricing/payment-methods";
import { PricingView } from "~/components/pricing/pricing-view";
import { includedNotes, switchingToWire, unavailableByPeriod, type PlanSwitching } from "~/lib/billing/plan-switch";
import { cartFromParam, cartToParam, type Cart } from "~/lib/cart";
import { jsonLd, seoMeta } from "~/lib/meta";
import { microToDecimal } from "~/lib/money";
import type { BillingPeriod } from "~/lib/pricing";
import { MAX_PLANS_PER_PURCHASE } from "~/lib/validation/dashboard/purchase";
import { pricingCartSchema } from "~/lib/validation/site/pricing-cart";
import { getMemberSession } from "#server/auth/accounts/session";
import { getHeldPlans, getPlansAround } from "#server/billing/held-plans";
import { listPublishedPlans } from "#server/content/list-published-plans";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { loadOrUnavailable } from "#server/http/load-or-unavailable";
import { getLogger } from "#server/lib/logger";
import { getMemberCart } from "#server/orders/get-member-cart";
import type { Route } from "./+types/pricing";

// The cart travels in the address without scripts (`?cart=`): the same page for everyone who
// asks for that address, so the anonymous page cache may keep it. A signed-in member's page also
// carries the cart kept with the account; only a request with a cookie can have one, and the
// page cache never stores those. So do the plans the member already has, by the cart's period
// (`owned`): subscribed there and never in the cart, while at a longer period than held a plan is
// a switch, credited like an upgrade; plans one of those includes are said so in the cart.
export const loader = ({ request }: Route.LoaderArgs) => {
  const cart = cartFromParam(new URL(request.url).searchParams.get("cart"));
  return loadOrUnavailable({
    load: async () => {
      const listed = listPublishedPlans({ db: getDb() });
      const [plans, account, inside] = await Promise.all([listed, memberCart(request, listed), plansInside(listed)]);
      return { plans, cart, inside, ...account };
    },
    fallback: { plans: [], cart, inside: {}, ...NO_ACCOUNT },
    failure: "pricing plans failed to load",
  });
};

// Which plans include which (the same for everyone, so a cached page may carry it): a cart holding
// two of them says "Already included in …" before checkout, as the order refuses it.
async function plansInside(listed: Promise<{ id: number }[]>): Promise<Record<number, number[]>> {
  return getPlansAround({ db: getDb(), planIds: (await listed).map((plan) => plan.id) });
}

type Account = {
  kept: Cart | null;
  owned: Partial<Record<BillingPeriod, number[]>>;
  included: Record<number, string>;
  switching: PlanSwitching | null;
};
const NO_ACCOUNT: Account = { kept: null, owned: {}, included: {}, switching: null };

async function memberCart(request: Request, listed: Promise<{ id: number }[]>): Promise<Account> {
  if (!request.headers.get("cookie")) return NO_ACCOUNT;
  try {
    // A refreshed session cookie, if any, is sent by the site layout's loader, which reads it too.
    const { member } = await getMemberSession(request);
    if (!member) return NO_ACCOUNT;
    const db = getDb();
    const planIds = (await listed).map((plan) => plan.id);
    const [kept, switching] = await Promise.all([
      getMemberCart({ db, userId: member.userId }),
      getHeldPlans({ db, userId: member.userId, planIds }),
    ]);
    // The browser is told per period what it cannot sell, so a visitor's page carries no logic for
    // it. Plans an active plan already includes are said in the cart ("Already included in …").
    const wire = switchingToWire(switching);
    const owned = wire.held.length > 0 ? unavailableByPeriod(wire) : {};
    return { kept, owned, included: includedNotes(wire), switching: wire.held.length > 0 ? wire : null };
  } catch (error) {
    // The plans still show, with this tab's cart: as for the header, a session that cannot be read
    // does not fail a public page.
    getLogger().warn({ err: (error as Error).message }, "pricing: the account's cart not read; showing this tab's");
    return NO_ACCOUNT;
  }
}

/** Add to cart / Remove from cart without scripts: back to this page with the new cart in its address. */
export const action = defineAction({
  schema: pricingCartSchema,
  run: async ({ input: { cart, toggle } }) => {
    const planIds = cart.planIds.includes(toggle)
      ? cart.planIds.filter((id) => id !== toggle)
      : [...cart.planIds, toggle].slice(0, MAX_PLANS_PER_PURCHASE);
    const next = cartToParam({ planIds, billingPeriod: cart.billingPeriod });
    return redirect(`/pricing?cart=${encodeURIComponent(next)}`, 303);
  },
});

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => [
  ...seoMeta({
    matches,
    location,
    title: "Pricing",
    description:
      "AI crypto and forex signal plans: pay monthly, quarterly (save 15%) or once for lifetime access, in USDT.",
  }),
  ...(loaderData?.plans ?? []).map((plan) =>
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Product",
      name: plan.name,
      description: plan.subtitle || plan.name,
      offers: { "@type": "Offer", price: microToDecimal(BigInt(plan.price)), priceCurrency: "USDT" },
    }),
  ),
];

// Shown only when the plans could not be read: a page that has them downloads none of it.
const PlansLoadError = React.lazy(() => import("~/components/pricing/plans-load-error"));

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, cart, inside, kept, owned, included, switching } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Pricing</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Pick one or more plans, choose how you want to pay, and continue to create your account.
        </p>
      </header>
      {plans.length > 0 ? (
        <PricingView
          plans={plans}
          initial={cart}
          kept={kept}
          owned={owned}
          included={included}
          inside={inside}
          switching={switching}
        />
      ) : (
        <React.Suspense fallback={null}>
          <PlansLoadError />
        </React.Suspense>
      )}
      <PaymentMethods className="mt-16" />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
