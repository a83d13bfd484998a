import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import { dueForRenewal } from "./due-subscriptions.ts";

/**
 * The members whose scheduled change (a smaller plan, a shorter period) the renewals due at `now`
 * will apply. Read before the renewals run: applied, the change leaves the subscription active
 * under its new plan, so the sweep of ended subscriptions would not find the chats the old plan
 * had and the new one has not. Through the due index, like the renewals' own listing.
 */
export async function listDuePlanChanges(options: { db: DbOrTx; now: Date }): Promise<string[]> {
  const rows = await options.db
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        dueForRenewal(options.now),
        isNotNull(subscriptions.scheduledPlanId),
        eq(subscriptions.autorenew, true),
        eq(subscriptions.complimentary, false),
      ),
    );
  return rows.map((row) => row.userId);
}
