import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { handleStripeEvent } from "#server/card-payments/handle-stripe-event";
import type { Db } from "#server/db/client";
import { ledgerEntries, profiles, referrals, referralSettings, referralVisits } from "#server/db/schema";
import { attributeReferral } from "#server/referrals/attribute-referral";
import { getReferralCode } from "#server/referrals/get-referral-code";
import { recordReferralVisit } from "#server/referrals/record-referral-visit";
import { openCardTopUp, stripeEvent } from "../../helpers/card-payments";
import { createMember } from "../../helpers/members";

export const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

/** Sets the reward rule's row directly (the back office's write has its own test). */
export async function setRule(db: Db, rule: { kind: "off" | "percent" | "fixed"; percent?: number; amount?: bigint }) {
  await db
    .update(referralSettings)
    .set({ kind: rule.kind, percent: rule.percent ?? null, amount: rule.amount ?? null })
    .where(eq(referralSettings.id, 1));
}

/** A visitor who followed `referrerId`'s link at `at` and then signed up (as /r/ and /join/details do). */
export async function referredMember(
  db: Db,
  referrerId: string,
  options: { at?: Date; signedUpAt?: Date; email?: string; telegramUsername?: string; balance?: bigint } = {},
) {
  const code = await getReferralCode({ db, userId: referrerId });
  const visit = await recordReferralVisit({ db, code, now: options.at ?? new Date() });
  const member = await createMember(db, {
    email: options.email,
    telegramUsername: options.telegramUsername,
    balance: options.balance,
  });
  const attributed = await attributeReferral({
    db,
    userId: member.id,
    visitId: visit!.visitId,
    now: options.signedUpAt,
  });
  return { ...member, attributed, visitId: visit!.visitId };
}

export async function buy(
  db: Db,
  userId: string,
  planId: number,
  price: bigint,
  idempotencyKey: string = crypto.randomUUID(),
) {
  return purchaseSubscriptions({
    db,
    userId,
    planIds: [planId],
    billingPeriod: "monthly",
    totalAmount: price,
    idempotencyKey,
  });
}

export async function balanceOf(db: Db, userId: string) {
  return (await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId)))[0]!.balance;
}

export async function referralOf(db: Db, referredId: string) {
  return (await db.select().from(referrals).where(eq(referrals.referredId, referredId)))[0];
}

export async function referralLedger(db: Db, userId: string) {
  return (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)))
    .filter((row) => row.kind === "referral")
    .map((row) => ({ amount: row.amount, reference: row.reference }));
}

export async function visitCount(db: Db) {
  return (await db.select().from(referralVisits)).length;
}

/** A card payment of `cents` credited to the member through the webhook handler; returns its charge for refunds. */
export async function cardPaid(db: Db, userId: string, cents: number) {
  const { session, charge } = await openCardTopUp(db, userId, cents);
  await handleStripeEvent({ db, event: stripeEvent("checkout.session.completed", session) });
  return charge;
}

export function refund(db: Db, charge: object, refundedCents: number) {
  return handleStripeEvent({
    db,
    event: stripeEvent("charge.refunded", { ...charge, amount_refunded: refundedCents }),
  });
}
