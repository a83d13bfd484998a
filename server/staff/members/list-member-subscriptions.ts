import { desc, eq } from "drizzle-orm";
import type { MemberSubscriptionView } from "~/lib/view-types/admin/members";
import { findMemberCovers } from "../../billing/complimentary/find-member-covers.ts";
import type { DbOrTx } from "../../db/client.ts";
import { pricing, subscriptions } from "../../db/schema.ts";

/**
 * Every subscription the member ever had, the active ones first, then the newest; a paid plan that
 * a complimentary plan of theirs includes past its next due date names that gift, so the operator
 * sees why its renewal charges nothing, as does a scheduled change that renewal settles uncharged
 * (findMemberCovers, as the member's dashboard judges it).
 */
export async function listMemberSubscriptions(options: {
  db: DbOrTx;
  memberId: string;
}): Promise<MemberSubscriptionView[]> {
  const { db, memberId } = options;
  const rows = await db
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
    .where(eq(subscriptions.userId, memberId))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
  const covers = await findMemberCovers({ db, userId: memberId });
  const views = rows.map(({ trialEndsAt, trialConvertedAt, ...r }) => ({
    ...r,
    trial: trialEndsAt !== null && trialConvertedAt === null,
    trialConvertedAt: trialEndsAt !== null && trialConvertedAt !== null ? trialConvertedAt.toISOString() : null,
    startDate: r.startDate.toISOString(),
    nextBillingDate: r.nextBillingDate?.toISOString() ?? null,
    coveredBy: covers.get(r.id)?.coveredBy ?? null,
    pendingChange: covers.get(r.id)?.pendingChange ?? null,
  }));
  return [...views.filter((v) => v.status === "active"), ...views.filter((v) => v.status !== "active")];
}
