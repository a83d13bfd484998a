import { and, eq, isNotNull, sql } from "drizzle-orm";
import { referredName } from "~/lib/billing/referrals";
import { formatUsdt } from "~/lib/money";
import type { Tx } from "../../db/client.ts";
import { paymentFlags, profiles, referrals } from "../../db/schema.ts";
import { enqueueNotification } from "../../notifications/enqueue-notification.ts";
import { postLedgerEntry } from "../ledger.ts";
import { rewardReference } from "./reward-referral.ts";

export type ReferralReversal = { referrerId: string; reversed: bigint; flagged: boolean };

/**
 * Takes a referral reward back when the money behind the payment that earned it is refunded,
 * inside the refund's own transaction (the refunded member's profile already locked by it).
 * Money paid in before the reward is what paid for the rewarded payment; a refund of money paid
 * in later leaves the reward alone. The reward goes back in the same share as its payment did
 * (`refunded` counts the running total against the payment, so each refund step takes only what
 * is new and a replayed step nothing). Like a card refund, the referrer's balance never goes
 * below zero: what it cannot give back (the reward was spent) is debited as far as it goes and
 * the rest becomes a `refund_shortfall` flag on the referrer for operators.
 */
export async function reverseReferralReward(options: {
  tx: Tx;
  /** The member whose money was refunded (the referred member, if any). */
  userId: string;
  /** What this refund step took back from them, micro-USDT. */
  refunded: bigint;
  /** The ledger reference of the credit that brought the refunded money in. */
  paidIn: string;
  /** Names this refund step uniquely: a redelivered step matches it. */
  step: string;
}): Promise<ReferralReversal | null> {
  const { tx, userId, refunded, paidIn, step } = options;
  if (refunded <= 0n) return null;
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, userId), isNotNull(referrals.reward)))
    .for("update");
  if (!referral?.reward || !referral.paymentAmount) return null;
  // Ledger ids follow the order a member's money moved in (each move holds the member's profile
  // lock): money credited after the reward was written did not pay for the rewarded payment.
  const order = await tx.execute<{ before: boolean | null }>(sql`
    select (select id from ledger_entries where reference = ${paidIn})
         < (select id from ledger_entries where reference = ${rewardReference(userId)}) as before`);
  if (order.rows[0]?.before !== true) return null;
  const payment = referral.paymentAmount;
  const againstPayment = referral.refunded + refunded < payment ? referral.refunded + refunded : payment;
  const target = (referral.reward * againstPayment) / payment;
  const due = target - referral.reversed;
  await tx
    .update(referrals)
    .set({ refunded: againstPayment, reversed: target > referral.reversed ? target : referral.reversed })
    .where(eq(referrals.referredId, userId));
  if (due <= 0n) return { referrerId: referral.referrerId, reversed: 0n, flagged: false };

  const [profile] = await tx
    .select({ balance: profiles.balance })
    .from(profiles)
    .where(eq(profiles.id, referral.referrerId))
    .for("update");
  const balance = profile?.balance ?? 0n;
  const debit = due < balance ? due : balance;
  if (debit > 0n) {
    const taken = await postLedgerEntry({
      tx,
      userId: referral.referrerId,
      kind: "referral",
      amount: -debit,
      reference: `referral:reversal:${step}`,
      memo: `Referral reward taken back: the referred payment was refunded (${formatUsdt(due, { suffix: true })} due)`,
    });
    // The referrer reads why their balance went down: what was taken back, and what is left.
    if (taken.inserted) {
      const [referred] = await tx
        .select({ firstName: profiles.firstName, lastName: profiles.lastName })
        .from(profiles)
        .where(eq(profiles.id, userId));
      await enqueueNotification({
        tx,
        userId: referral.referrerId,
        kind: "referral_reversed",
        payload: {
          referred: referredName({ firstName: referred?.firstName ?? null, lastName: referred?.lastName ?? null }),
          amount: formatUsdt(debit),
          balance: formatUsdt(taken.balance),
        },
      });
    }
  }
  const shortfall = due - debit;
  if (shortfall > 0n) {
    await tx
      .insert(paymentFlags)
      .values({
        userId: referral.referrerId,
        kind: "refund_shortfall",
        reference: `referral-refund:${step}`,
        amount: shortfall,
        detail: `A refund of a referred member's payment takes back ${formatUsdt(due, { suffix: true })} of a referral reward, more than the balance of ${formatUsdt(balance, { suffix: true })}: ${formatUsdt(shortfall, { suffix: true })} could not be taken back.`,
      })
      .onConflictDoNothing({ target: paymentFlags.reference });
  }
  return { referrerId: referral.referrerId, reversed: due, flagged: shortfall > 0n };
}
