import { desc, eq } from "drizzle-orm";
import type { MemberSubscriptionView } from "~/lib/view-types/admin/members";
import { findComplimentaryCover } from "../../billing/complimentary/complimentary-cover.ts";
import type { DbOrTx } from "../../db/client.ts";
import { pricing, subscriptions } from "../../db/schema.ts";

/**
 * Every subscription the member ever had, the active ones first, then the newest; a paid plan that
 * a complimentary plan of theirs includes past its next due date names that gift, so the operator
 * sees why its renewal charges nothing. A member holds a handful of plans: one look-up each.
 */
export async function listMemberSubscriptions(options: {
  db: DbOrTx;
  memberId: string;
}): Promise<MemberSubscriptionView[]> {
  const { db, memberId } = options;
  const rows = await db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
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
  const views = await Promise.all(
    rows.map(async ({ trialEndsAt, trialConvertedAt, planId, ...r }) => {
      const trial = trialEndsAt !== null && trialConvertedAt === null;
      // As the member's dashboard judges it: only a renewal that would charge can be covered.
      const renews = r.status === "active" && r.autorenew && !r.complimentary && !trial;
      const cover =
        renews && r.billingPeriod !== "lifetime" && r.nextBillingDate
          ? await findComplimentaryCover({ db, userId: memberId, planId, subscriptionId: r.id, at: r.nextBillingDate })
          : null;
      return {
        ...r,
        trial,
        trialConvertedAt: trialEndsAt !== null && trialConvertedAt !== null ? trialConvertedAt.toISOString() : null,
        startDate: r.startDate.toISOString(),
        nextBillingDate: r.nextBillingDate?.toISOString() ?? null,
        coveredBy: cover ? { gift: cover.name, until: cover.endsAt?.toISOString() ?? null } : null,
      };
    }),
  );
  return [...views.filter((v) => v.status === "active"), ...views.filter((v) => v.status !== "active")];
}
