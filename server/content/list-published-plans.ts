import { asc, eq } from "drizzle-orm";
import type { PublicPlan } from "~/lib/view-types/content";
import type { DbOrTx } from "../db/client.ts";
import { pricing } from "../db/schema.ts";

/** The pricing page's plans: published ones by display order. */
export async function listPublishedPlans({ db }: { db: DbOrTx }): Promise<PublicPlan[]> {
  const rows = await db
    .select()
    .from(pricing)
    .where(eq(pricing.published, true))
    .orderBy(asc(pricing.displayOrder), asc(pricing.id));
  return rows.map((p) => ({
    id: p.id,
    planId: p.planId,
    name: p.name,
    subtitle: p.subtitle,
    icon: p.icon,
    badge: p.badge,
    discount: p.discount,
    price: p.price.toString(),
    originalPrice: p.originalPrice?.toString() ?? null,
    features: p.features,
    trialDays: p.trialDays,
  }));
}
