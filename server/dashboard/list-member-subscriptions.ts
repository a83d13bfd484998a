import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MemberSubscription } from "~/lib/view-types/member";
import { findMemberCovers } from "../billing/complimentary/find-member-covers.ts";
import type { DbOrTx } from "../db/client.ts";
import { pricing, subscriptions } from "../db/schema.ts";

const scheduledPlan = alias(pricing, "scheduled_plan");

/**
 * The member's subscriptions: their own, newest first, with the plan's name, any change scheduled
 * for renewal, and the complimentary plan that includes a paid one past its next due date (its
 * renewal charges nothing then) or the scheduled change that renewal settles uncharged, found for
 * all of them at once (findMemberCovers).
 */
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
      scheduledPlanId: subscriptions.scheduledPlanId,
      scheduledPlanName: scheduledPlan.name,
      scheduledBillingPeriod: subscriptions.scheduledBillingPeriod,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .leftJoin(scheduledPlan, eq(scheduledPlan.id, subscriptions.scheduledPlanId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.createdAt));
  const covers = await findMemberCovers({ db, userId });
  return rows.map(
    ({ trialEndsAt, trialConvertedAt, scheduledPlanId, scheduledPlanName, scheduledBillingPeriod, ...row }) => ({
      ...row,
      trial: trialEndsAt !== null && trialConvertedAt === null,
      trialConvertedAt: trialEndsAt !== null && trialConvertedAt !== null ? trialConvertedAt.toISOString() : null,
      startDate: row.startDate.toISOString(),
      nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
      scheduled:
        row.status === "active" && scheduledPlanId !== null && scheduledPlanName !== null && scheduledBillingPeriod
          ? { planId: scheduledPlanId, planName: scheduledPlanName, billingPeriod: scheduledBillingPeriod }
          : null,
      coveredBy: covers.get(row.id)?.coveredBy ?? null,
      pendingChange: covers.get(row.id)?.pendingChange ?? null,
    }),
  );
}
