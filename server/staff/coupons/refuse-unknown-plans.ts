import { inArray } from "drizzle-orm";
import { UNKNOWN_PLAN } from "~/lib/validation/admin/coupons";
import type { Tx } from "../../db/client.ts";
import { pricing } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

/**
 * A code limited to plans names plans that exist (drafts included, as the form lists them). The
 * form only offers real ones, but a crafted request could name any id, and a code limited to plans
 * that are not there would refuse every cart while looking valid in the list. Plans are never
 * deleted, so a check when the code is saved holds for good.
 */
export async function refuseUnknownPlans(options: { tx: Tx; planIds: readonly number[] }): Promise<void> {
  const { tx, planIds } = options;
  if (planIds.length === 0) return;
  const found = await tx
    .select({ id: pricing.id })
    .from(pricing)
    .where(inArray(pricing.id, [...planIds]));
  if (found.length !== new Set(planIds).size)
    throw new AppError("VALIDATION", UNKNOWN_PLAN, { fieldErrors: { planIds: UNKNOWN_PLAN } });
}
