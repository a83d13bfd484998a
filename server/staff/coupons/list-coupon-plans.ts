import { asc } from "drizzle-orm";
import type { CouponPlanChoice } from "~/lib/view-types/admin/coupons";
import type { DbOrTx } from "../../db/client.ts";
import { pricing } from "../../db/schema.ts";

/** The plans a code may be limited to, in pricing-page order (drafts too: a code may be ready before its plan). */
export async function listCouponPlans(options: { db: DbOrTx }): Promise<CouponPlanChoice[]> {
  return options.db
    .select({ id: pricing.id, name: pricing.name })
    .from(pricing)
    .orderBy(asc(pricing.displayOrder), asc(pricing.id));
}
