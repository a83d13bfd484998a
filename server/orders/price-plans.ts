import { and, eq, inArray } from "drizzle-orm";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import type { DbOrTx } from "../db/client.ts";
import { pricing } from "../db/schema.ts";

/**
 * Prices a cart from the published plans with the one pricing module; null when a plan is no
 * longer published (or never was), so the caller refuses with the purchase's own text.
 */
export async function pricePlans(options: {
  db: DbOrTx;
  planIds: readonly number[];
  billingPeriod: BillingPeriod;
}): Promise<{ plans: { id: number; name: string }[]; total: bigint } | null> {
  const { db, planIds, billingPeriod } = options;
  const found = await db
    .select({ id: pricing.id, name: pricing.name, price: pricing.price })
    .from(pricing)
    .where(and(inArray(pricing.id, [...planIds]), eq(pricing.published, true)));
  if (found.length !== new Set(planIds).size) return null;
  const byId = new Map(found.map((plan) => [plan.id, plan]));
  const plans = planIds.map((id) => byId.get(id)!);
  return {
    plans: plans.map(({ id, name }) => ({ id, name })),
    total: plans.reduce((sum, plan) => sum + priceFor(plan.price, billingPeriod), 0n),
  };
}
