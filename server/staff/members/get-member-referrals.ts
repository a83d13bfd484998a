import { count, desc, eq, sql } from "drizzle-orm";
import type {
  MemberReferralRewardState,
  MemberReferralsView,
  MemberReferralView,
} from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { referrals, user } from "../../db/schema.ts";

/** Referred members listed on the member page, newest first; the totals count them all. */
export const MEMBER_REFERRALS_SHOWN = 10;

type ReferralRow = typeof referrals.$inferSelect;

/** Where the reward stands, read from the row the reward and its refunds wrote. */
function rewardState(row: ReferralRow): MemberReferralRewardState {
  if (row.refusal) return "refused";
  if (row.billingId === null) return "waiting";
  if (row.reward === null) return "none";
  if (row.reversed === 0n) return "paid";
  return row.reversed >= row.reward ? "reversed" : "partly-reversed";
}

function viewOf(row: ReferralRow, other: { id: string; email: string }): MemberReferralView {
  return {
    memberId: other.id,
    email: other.email,
    signedUpAt: row.createdAt.toISOString(),
    state: rewardState(row),
    refusal: row.refusal,
    payment: row.paymentAmount?.toString() ?? null,
    reward: row.reward?.toString() ?? null,
    reversed: row.reversed.toString(),
    rewardedAt: row.rewardedAt?.toISOString() ?? null,
  };
}

/**
 * The member's referrals: who referred them (and what their first payment earned that member),
 * and the members they referred, the latest few with the count and the rewards of them all.
 * Each read is one member's rows by primary key or `referrals_referrer_idx`.
 */
export async function getMemberReferrals(options: { db: DbOrTx; memberId: string }): Promise<MemberReferralsView> {
  const { db, memberId } = options;
  const [by, latest, [totals]] = await Promise.all([
    db
      .select({ row: referrals, other: { id: user.id, email: user.email } })
      .from(referrals)
      .innerJoin(user, eq(user.id, referrals.referrerId))
      .where(eq(referrals.referredId, memberId)),
    db
      .select({ row: referrals, other: { id: user.id, email: user.email } })
      .from(referrals)
      .innerJoin(user, eq(user.id, referrals.referredId))
      .where(eq(referrals.referrerId, memberId))
      .orderBy(desc(referrals.createdAt), referrals.referredId)
      .limit(MEMBER_REFERRALS_SHOWN),
    db
      .select({
        total: count(),
        rewarded: sql<number>`count(${referrals.reward})::int`,
        rewardsPaid: sql<string>`coalesce(sum(${referrals.reward}), 0)::text`,
        reversed: sql<string>`coalesce(sum(${referrals.reversed}), 0)::text`,
      })
      .from(referrals)
      .where(eq(referrals.referrerId, memberId)),
  ]);
  const referredBy = by[0] ? viewOf(by[0].row, by[0].other) : null;
  return {
    referredBy,
    referred: {
      latest: latest.map(({ row, other }) => viewOf(row, other)),
      total: Number(totals?.total ?? 0),
      rewarded: Number(totals?.rewarded ?? 0),
      rewardsPaid: totals?.rewardsPaid ?? "0",
      reversed: totals?.reversed ?? "0",
    },
  };
}
