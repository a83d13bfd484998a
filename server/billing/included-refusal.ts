import { switchMessages } from "~/lib/billing/plan-switch";
import type { DbOrTx } from "../db/client.ts";
import { getHeldPlans } from "./held-plans.ts";

/**
 * "Already included in All-in-One" when every chat of the plan is inside one of the member's
 * active plans, else null. A free trial of such a plan would give nothing new, and its
 * conversion would charge the member a second time for channels they already pay for.
 */
export async function includedRefusal(options: {
  db: DbOrTx;
  userId: string;
  planId: number;
  now: Date;
}): Promise<string | null> {
  const { reach } = await getHeldPlans({ ...options, planIds: [options.planId] });
  const includedIn = reach[0]?.includedIn;
  return includedIn ? switchMessages.alreadyIncluded(includedIn) : null;
}
