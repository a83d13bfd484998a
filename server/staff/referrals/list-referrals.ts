import { count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReferredRow, ReferrerRow } from "~/lib/view-types/admin/referrals";
import type { DbOrTx } from "../../db/client.ts";
import { referrals, user } from "../../db/schema.ts";

export const REFERRALS_PAGE_SIZE = 50;
const TOP_REFERRERS = 50;

/**
 * What the back office's Referrals page lists: the members whose links brought the most
 * sign-ups (with the rewards they kept, net of refunds), one page of referred members newest
 * first with the referrer, the payment that decided and its reward, and the totals.
 */
export async function listReferrals(options: { db: DbOrTx; page: number }) {
  const { db } = options;
  const referrer = alias(user, "referrer");
  const [totals] = await db
    .select({
      signUps: count(),
      rewarded: sql<number>`count(${referrals.reward})::int`,
      rewardsPaid: sql<string>`coalesce(sum(${referrals.reward}), 0)::text`,
      reversed: sql<string>`coalesce(sum(${referrals.reversed}), 0)::text`,
    })
    .from(referrals);
  const signUps = Number(totals?.signUps ?? 0);
  const pageCount = Math.max(1, Math.ceil(signUps / REFERRALS_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const [top, rows] = await Promise.all([
    db
      .select({
        userId: referrals.referrerId,
        email: user.email,
        signUps: sql<number>`count(*)::int`,
        rewarded: sql<number>`count(${referrals.reward})::int`,
        rewards: sql<string>`(coalesce(sum(${referrals.reward}), 0) - sum(${referrals.reversed}))::text`,
      })
      .from(referrals)
      .innerJoin(user, eq(user.id, referrals.referrerId))
      .groupBy(referrals.referrerId, user.email)
      .orderBy(desc(sql`count(*)`), user.email)
      .limit(TOP_REFERRERS),
    db
      .select({
        userId: referrals.referredId,
        email: user.email,
        referrerId: referrals.referrerId,
        referrerEmail: referrer.email,
        createdAt: referrals.createdAt,
        refusal: referrals.refusal,
        payment: referrals.paymentAmount,
        reward: referrals.reward,
        reversed: referrals.reversed,
        rewardedAt: referrals.rewardedAt,
      })
      .from(referrals)
      .innerJoin(user, eq(user.id, referrals.referredId))
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .orderBy(desc(referrals.createdAt), referrals.referredId)
      .limit(REFERRALS_PAGE_SIZE)
      .offset((page - 1) * REFERRALS_PAGE_SIZE),
  ]);
  const referrers: ReferrerRow[] = top.map((row) => ({
    ...row,
    signUps: Number(row.signUps),
    rewarded: Number(row.rewarded),
  }));
  const referred: ReferredRow[] = rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    referrerId: row.referrerId,
    referrerEmail: row.referrerEmail,
    signedUpAt: row.createdAt.toISOString(),
    refusal: row.refusal,
    payment: row.payment?.toString() ?? null,
    reward: row.reward?.toString() ?? null,
    reversed: row.reversed.toString(),
    rewardedAt: row.rewardedAt?.toISOString() ?? null,
  }));
  return {
    referrers,
    referred,
    page,
    pageCount,
    totals: {
      signUps,
      rewarded: Number(totals?.rewarded ?? 0),
      rewardsPaid: totals?.rewardsPaid ?? "0",
      reversed: totals?.reversed ?? "0",
    },
  };
}
