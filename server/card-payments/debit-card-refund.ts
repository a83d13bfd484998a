import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { centsToMicro, formatUsd } from "~/lib/card-payments";
import { formatUsdt } from "~/lib/money";
import { postLedgerEntry } from "../billing/ledger.ts";
import { reverseReferralReward } from "../billing/referral-rewards/reverse-referral-reward.ts";
import type { Tx } from "../db/client.ts";
import { cardPayments, paymentFlags, profiles } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { cardPaymentReference } from "./credit-card-payment.ts";
import { stripeId } from "./stripe-client.ts";
import type { StripeEventOutcome } from "./stripe-event-outcome.ts";

/**
 * Takes a card refund back from the balance, inside the webhook event's transaction. Stripe's
 * `amount_refunded` is the charge's running total, so each `charge.refunded` event debits what
 * is new since the last one (`card_payments.refunded`), never more than was credited. A balance
 * never goes below zero: what it cannot give back (the money was spent on plans meanwhile) is
 * debited as far as it goes and the rest becomes a `refund_shortfall` flag for operators. The
 * member's profile is locked first, so a purchase cannot spend the balance in between.
 */
export async function debitCardRefund(options: { tx: Tx; charge: Stripe.Charge }): Promise<StripeEventOutcome> {
  const { tx, charge } = options;
  const paymentIntentId = stripeId(charge.payment_intent);
  if (!paymentIntentId || charge.currency !== "usd") return { outcome: "ignored" };
  const [payment] = await tx
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.paymentIntentId, paymentIntentId))
    .for("update");
  if (!payment || payment.status !== "paid" || payment.credited === null) {
    getLogger().warn(
      { charge: charge.id, paymentIntent: paymentIntentId },
      "stripe: refund of an unknown payment; ignored",
    );
    return { outcome: "ignored" };
  }
  const refundedSoFar = centsToMicro(charge.amount_refunded);
  const total = refundedSoFar < payment.credited ? refundedSoFar : payment.credited;
  const due = total - payment.refunded;
  if (due <= 0n) return { outcome: "replayed" };

  const [profile] = await tx
    .select({ balance: profiles.balance })
    .from(profiles)
    .where(eq(profiles.id, payment.userId))
    .for("update");
  const balance = profile?.balance ?? 0n;
  const debit = due < balance ? due : balance;
  // The running total names each refund step: a redelivery of the same step matches it.
  const step = `${charge.id}:${charge.amount_refunded}`;
  if (debit > 0n) {
    await postLedgerEntry({
      tx,
      userId: payment.userId,
      kind: "card",
      amount: -debit,
      reference: `stripe:refund:${step}`,
      memo: `Card refund (Stripe charge ${charge.id}, PaymentIntent ${paymentIntentId}, Checkout Session ${payment.sessionId}; ${formatUsd(charge.amount_refunded)} refunded in all)`,
    });
  }
  await tx
    .update(cardPayments)
    .set({ refunded: sql`${cardPayments.refunded} + ${due}` })
    .where(eq(cardPayments.sessionId, payment.sessionId));

  // The refunded money may have paid the purchase that earned someone a referral reward.
  const referral = await reverseReferralReward({
    tx,
    userId: payment.userId,
    refunded: due,
    paidIn: cardPaymentReference(payment.sessionId),
    step,
  });
  const shortfall = due - debit;
  // The member is told in the same transaction: a redelivered step returned "replayed" above, so
  // one refund step is one message.
  await enqueueNotification({
    tx,
    userId: payment.userId,
    kind: "card_refunded",
    payload: {
      refunded: `${formatUsd(Number(due / 10_000n))} USD`,
      ...(debit > 0n ? { taken: formatUsdt(debit) } : {}),
      ...(shortfall > 0n ? { unrecovered: formatUsdt(shortfall) } : {}),
      balance: formatUsdt(balance - debit),
    },
  });
  if (shortfall === 0n) return { outcome: "refunded", memberId: payment.userId, flagged: referral?.flagged ?? false };
  await tx
    .insert(paymentFlags)
    .values({
      userId: payment.userId,
      kind: "refund_shortfall",
      reference: `refund:${step}`,
      amount: shortfall,
      sessionId: payment.sessionId,
      detail: `A card refund of ${formatUsdt(due, { suffix: true })} (Stripe charge ${charge.id}) was more than the balance of ${formatUsdt(balance, { suffix: true })}: ${formatUsdt(shortfall, { suffix: true })} could not be taken back.`,
    })
    .onConflictDoNothing({ target: paymentFlags.reference });
  return { outcome: "refunded", memberId: payment.userId, flagged: true };
}
