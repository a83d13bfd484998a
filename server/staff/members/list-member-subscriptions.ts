import { desc, eq } from "drizzle-orm";
import type { MemberSubscriptionView } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { pricing, subscriptions } from "../../db/schema.ts";

/** Every subscription the member ever had, the active ones first, then the newest. */
export async function listMemberSubscriptions(options: {
  db: DbOrTx;
  memberId: string;
}): Promise<MemberSubscriptionView[]> {
  const rows = await options.db
    .select({
      id: subscriptions.id,
      planName: pricing.name,
      billingPeriod: subscriptions.billingPeriod,
      status: subscriptions.status,
      startDate: subscriptions.startDate,
      nextBillingDate: subscriptions.nextBillingDate,
      autorenew: subscriptions.autorenew,
      complimentary: subscriptions.complimentary,
      trialEndsAt: subscriptions.trialEndsAt,
      trialConvertedAt: subscriptions.trialConvertedAt,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .where(eq(subscriptions.userId, options.memberId))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
  const views = rows.map(({ trialEndsAt, trialConvertedAt, ...r }) => ({
    ...r,
    trial: trialEndsAt !== null && trialConvertedAt === null,
    trialConvertedAt: trialEndsAt !== null && trialConvertedAt !== null ? trialConvertedAt.toISOString() : null,
    startDate: r.startDate.toISOString(),
    nextBillingDate: r.nextBillingDate?.toISOString() ?? null,
  }));
  return [...views.filter((v) => v.status === "active"), ...views.filter((v) => v.status !== "active")];
}
