import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { StoredLine } from "~/lib/priced-lines";
import type { DbOrTx } from "../db/client.ts";
import { billingHistory, pricing, referralCodes, referrals, trialClaims } from "../db/schema.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const micro = (amount: bigint | null) => (amount === null ? null : amount.toString());

/** How a claim names whom it was for: the account itself, its email or its Telegram account (kept as digests). */
const CLAIMED_FOR: Record<string, string> = { user: "account", email: "email", telegram: "telegram" };

/**
 * The growth features' part of the member's data download: the upgrade credits on their bills
 * (each credited line: the plan bought, its list price, discount, the credit for the plan it
 * replaced with what it was for, and what was charged), the free trials claimed for them, and
 * their referrals.
 *
 * Referrals hold two members; each one gets only what is theirs. As referrer: their code and, for
 * each sign-up through it, when it happened, whether it was refused (and why), the reward it earned
 * them, the rule it was paid under and what a refund took back — never who signed up (no name,
 * id, email or what they paid: that is the other member's data). As referred: that they came
 * through a link, when, a refusal, and the invoice of their own payment that decided it — never
 * who referred them. A claim's identities are digests; only what kind each was is written.
 */
export async function exportGrowthData(options: { db: DbOrTx; userId: string }) {
  const { db, userId } = options;
  const [credited, claims, code, signUps, referred] = await Promise.all([
    db
      .select({
        invoiceId: billingHistory.invoiceId,
        issueDate: billingHistory.issueDate,
        creditAmount: billingHistory.creditAmount,
        lines: billingHistory.lines,
      })
      .from(billingHistory)
      .where(and(eq(billingHistory.userId, userId), gt(billingHistory.creditAmount, 0n)))
      .orderBy(asc(billingHistory.issueDate)),
    db
      .select({
        planId: trialClaims.planId,
        plan: pricing.name,
        subscriptionId: trialClaims.subscriptionId,
        kind: sql<string>`split_part(${trialClaims.identity}, ':', 1)`,
        claimedAt: trialClaims.createdAt,
      })
      .from(trialClaims)
      .innerJoin(pricing, eq(pricing.id, trialClaims.planId))
      .where(eq(trialClaims.userId, userId))
      .orderBy(asc(trialClaims.createdAt), asc(trialClaims.planId)),
    db
      .select({ code: referralCodes.code, createdAt: referralCodes.createdAt })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId)),
    db
      .select({
        arrivedAt: referrals.visitedAt,
        signedUpAt: referrals.createdAt,
        refusal: referrals.refusal,
        reward: referrals.reward,
        rule: referrals.rule,
        rewardedAt: referrals.rewardedAt,
        reversed: referrals.reversed,
      })
      .from(referrals)
      .where(eq(referrals.referrerId, userId))
      .orderBy(asc(referrals.createdAt)),
    db
      .select({
        arrivedAt: referrals.visitedAt,
        signedUpAt: referrals.createdAt,
        refusal: referrals.refusal,
        decidedAt: referrals.rewardedAt,
        invoiceId: billingHistory.invoiceId,
      })
      .from(referrals)
      // Only the member's own bill: the join is on the referred member, who is this member.
      .leftJoin(billingHistory, and(eq(billingHistory.id, referrals.billingId), eq(billingHistory.userId, userId)))
      .where(eq(referrals.referredId, userId)),
  ]);

  return {
    upgradeCredits: credited.flatMap((bill) =>
      ((bill.lines as StoredLine[] | null) ?? [])
        .filter((line) => BigInt(line.credit) > 0n)
        .map((line) => ({
          invoiceId: bill.invoiceId,
          issueDate: iso(bill.issueDate),
          plan: line.name,
          listPrice: line.listPrice,
          discount: line.discount,
          credit: line.credit,
          creditFor: line.creditNote ?? null,
          charged: line.charged,
        })),
    ),
    trialClaims: claims.map((claim) => ({
      plan: claim.plan,
      planId: claim.planId,
      subscriptionId: claim.subscriptionId,
      claimedFor: CLAIMED_FOR[claim.kind] ?? claim.kind,
      claimedAt: iso(claim.claimedAt),
    })),
    referrals: {
      code: code[0]?.code ?? null,
      codeCreatedAt: iso(code[0]?.createdAt ?? null),
      signUps: signUps.map((row) => ({
        arrivedAt: iso(row.arrivedAt),
        signedUpAt: iso(row.signedUpAt),
        refused: row.refusal,
        reward: micro(row.reward),
        rule: row.rule,
        rewardedAt: iso(row.rewardedAt),
        takenBack: micro(row.reversed),
      })),
      referredThroughLink: referred[0]
        ? {
            arrivedAt: iso(referred[0].arrivedAt),
            signedUpAt: iso(referred[0].signedUpAt),
            refused: referred[0].refusal,
            decidedAt: iso(referred[0].decidedAt),
            decidedByInvoice: referred[0].invoiceId ?? null,
          }
        : null,
    },
  };
}
