import { desc, eq } from "drizzle-orm";
import type { MemberSubscription } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { pricing, subscriptions } from "../db/schema.ts";

/** The member's subscriptions: their own, newest first, with the plan's name. */
export async function listMemberSubscriptions(options: { db: DbOrTx; userId: string }): Promise<MemberSubscription[]> {
  const { db, userId } = options;
  const rows = await db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      planName: pricing.name,
      status: subscriptions.status,
      billingPeriod: subscriptions.billingPeriod,
      startDate: subscriptions.startDate,
      nextBillingDate: subscriptions.nextBillingDate,
      autorenew: subscriptions.autorenew,
      complimentary: subscriptions.complimentary,
      trialEndsAt: subscriptions.trialEndsAt,
      trialConvertedAt: subscriptions.trialConvertedAt,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.createdAt));
  return rows.map(({ trialEndsAt, trialConvertedAt, ...row }) => ({
    ...row,
    trial: trialEndsAt !== null && trialConvertedAt === null,
    startDate: row.startDate.toISOString(),
    nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
  }));
}
