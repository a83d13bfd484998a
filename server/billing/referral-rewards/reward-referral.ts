import { and, eq, isNull } from "drizzle-orm";
import { referralReward, referralRuleText, referredName } from "~/lib/billing/referrals";
import { formatUsdt } from "~/lib/money";
import type { Tx } from "../../db/client.ts";
import { profiles, referrals } from "../../db/schema.ts";
import { enqueueNotification } from "../../notifications/enqueue-notification.ts";
import { postLedgerEntry } from "../ledger.ts";
import { getReferralRule } from "./get-referral-rule.ts";
import { referralRefusal } from "./referral-refusal.ts";

/**
 * Credits the referrer when a referred member's first paid payment settles, inside that
 * payment's own transaction (a purchase or a renewal that charged something: a trial and a
 * complimentary plan charge nothing and never get here). The first such payment decides, once:
 * the referral row is locked and marked with it whatever the rule says, so a later payment, a
 * replay or a second instance pays nothing more; the ledger row's reference (one per referred
 * member) refuses a second credit even if the row were written by hand. The same person under two
 * accounts is checked again here, since a Telegram account may have been linked since sign-up.
 *
 * Locks in the order every money path takes them: the paying member's profile (held by the
 * caller), then this referral, then the referrer's balance. Returns the reward (0n for none).
 */
export async function rewardReferral(options: {
  tx: Tx;
  userId: string;
  billingId: string;
  charged: bigint;
  now: Date;
}): Promise<bigint> {
  const { tx, userId, billingId, charged, now } = options;
  if (charged <= 0n) return 0n;
  const [referral] = await tx
    .select({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(and(eq(referrals.referredId, userId), isNull(referrals.billingId), isNull(referrals.refusal)))
    .for("update");
  if (!referral) return 0n;
  const refusal = await referralRefusal({ db: tx, referrerId: referral.referrerId, referredId: userId });
  if (refusal) {
    await tx.update(referrals).set({ refusal }).where(eq(referrals.referredId, userId));
    return 0n;
  }
  const rule = await getReferralRule({ db: tx });
  const reward = referralReward(rule, charged);
  await tx
    .update(referrals)
    .set({
      billingId,
      paymentAmount: charged,
      reward: reward > 0n ? reward : null,
      rule: referralRuleText(rule),
      rewardedAt: now,
    })
    .where(eq(referrals.referredId, userId));
  if (reward === 0n) return 0n;
  const [referred] = await tx
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  // Named as the referrer's Referrals list names them, and nothing more of the referred member's:
  // the ledger line is the referrer's own data (their statement, their data download), so it
  // carries neither the member's account name nor what they paid.
  const name = referredName({ firstName: referred?.firstName ?? null, lastName: referred?.lastName ?? null });
  const credited = await postLedgerEntry({
    tx,
    userId: referral.referrerId,
    kind: "referral",
    amount: reward,
    reference: rewardReference(userId),
    memo: `Referral reward: ${name}'s first payment (${referralRuleText(rule)})`,
  });
  // The referrer is told with the credit: who it came from, what it added, and the balance now.
  if (credited.inserted)
    await enqueueNotification({
      tx,
      userId: referral.referrerId,
      kind: "referral_rewarded",
      payload: {
        referred: name,
        amount: formatUsdt(reward),
        balance: formatUsdt(credited.balance),
      },
    });
  return reward;
}

/** The ledger reference of the reward a referred member earned: one per referred member. */
export const rewardReference = (referredId: string) => `referral:reward:${referredId}`;
