import { and, eq, inArray } from "drizzle-orm";
import { priceLine, type PricedCart, type PricedLine } from "~/lib/priced-lines";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import { getHeldPlans } from "../billing/held-plans.ts";
import { priceSwitch } from "../billing/price-switch.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { pricing } from "../db/schema.ts";

/**
 * Prices a cart from the published plans with the one pricing module: one line per plan at its
 * list price for the period, nothing taken off yet; null when a plan is no longer published (or
 * never was), so the caller refuses with the purchase's own text.
 */
export async function pricePlans(options: {
  db: DbOrTx;
  planIds: readonly number[];
  billingPeriod: BillingPeriod;
}): Promise<{ plans: { id: number; name: string }[]; lines: PricedLine[]; total: bigint } | null> {
  const { db, planIds, billingPeriod } = options;
  const found = await db
    .select({ id: pricing.id, name: pricing.name, price: pricing.price })
    .from(pricing)
    .where(and(inArray(pricing.id, [...planIds]), eq(pricing.published, true)));
  if (found.length !== new Set(planIds).size) return null;
  const byId = new Map(found.map((plan) => [plan.id, plan]));
  const plans = planIds.map((id) => byId.get(id)!);
  const lines = plans.map((plan) =>
    priceLine({ planId: plan.id, name: plan.name, listPrice: priceFor(plan.price, billingPeriod) }),
  );
  return {
    plans: plans.map(({ id, name }) => ({ id, name })),
    lines,
    total: lines.reduce((sum, line) => sum + line.charged, 0n),
  };
}

/** The plans of priced lines at their list prices, to be priced again with a code. */
export function listOf(lines: readonly PricedLine[]) {
  return lines.map((line) => ({ planId: line.planId, name: line.name, listPrice: line.listPrice }));
}

/**
 * A cart priced again for an order, credited for the active plans it replaces as a purchase would
 * be (price-switch.ts). A cart the purchase would refuse (already subscribed, already included)
 * is kept as it is: the completion refuses it with its own text.
 */
export async function creditReplaced(options: {
  tx: Tx;
  userId: string;
  cart: PricedCart;
  billingPeriod: BillingPeriod;
  now: Date;
}): Promise<PricedCart> {
  const { tx, userId, cart, billingPeriod, now } = options;
  const planIds = cart.lines.map((line) => line.planId);
  const { held, reach, nested } = await getHeldPlans({ db: tx, userId, planIds, now, cart: true });
  const switched = priceSwitch({ cart, period: billingPeriod, held, reach, nested });
  return "refusal" in switched ? cart : switched.cart;
}
