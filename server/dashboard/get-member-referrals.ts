import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { REFERRAL_PATH, referralRuleText, referredName } from "~/lib/billing/referrals";
import type { MemberReferral } from "~/lib/view-types/member";
import { getReferralRule } from "../billing/referral-rewards/get-referral-rule.ts";
import { getPublicOrigin } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { profiles, referrals, referralVisits } from "../db/schema.ts";
import { getReferralCode } from "../referrals/get-referral-code.ts";
import { windowStart } from "../referrals/record-referral-visit.ts";
import { qrImage } from "./qr/qr-svg.ts";

/**
 * The member's Referrals section: their link (its code made on first sight) with its QR code, the
 * visits it brought in the window, the rule in force, and everyone who signed up through it with
 * what their first payment earned, newest first. Sums are net of what refunds took back.
 */
export async function getMemberReferrals(options: { db: DbOrTx; userId: string; now?: Date }) {
  const { db, userId } = options;
  const code = await getReferralCode({ db, userId });
  const link = `${getPublicOrigin()}${REFERRAL_PATH}${code}`;
  const [visits, rows, rule] = await Promise.all([
    db
      .select({ n: count() })
      .from(referralVisits)
      .where(
        and(
          eq(referralVisits.referrerId, userId),
          gt(referralVisits.createdAt, windowStart(options.now ?? new Date())),
        ),
      ),
    db
      .select({
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        createdAt: referrals.createdAt,
        refusal: referrals.refusal,
        reward: referrals.reward,
        decided: sql<boolean>`${referrals.billingId} is not null`,
        reversed: referrals.reversed,
      })
      .from(referrals)
      .leftJoin(profiles, eq(profiles.id, referrals.referredId))
      .where(eq(referrals.referrerId, userId))
      .orderBy(desc(referrals.createdAt))
      .limit(500),
    getReferralRule({ db }),
  ]);
  const list: MemberReferral[] = rows.map((row) => ({
    name: referredName(row),
    signedUpAt: row.createdAt.toISOString(),
    refusal: row.refusal,
    reward: row.reward === null ? null : row.reward.toString(),
    decided: Boolean(row.decided),
    reversed: row.reversed.toString(),
  }));
  const earned = rows.reduce((sum, row) => sum + (row.reward ?? 0n) - row.reversed, 0n);
  return {
    link,
    qr: qrImage(link),
    visits: Number(visits[0]?.n ?? 0),
    rule: referralRuleText(rule),
    earned: earned.toString(),
    referrals: list,
  };
}
