import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { centsToMicro, formatUsd } from "~/lib/card-payments";
import type { Tx } from "../db/client.ts";
import { cardPayments, paymentFlags } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { stripeId } from "./stripe-client.ts";
import type { StripeEventOutcome } from "./stripe-event-outcome.ts";

/**
 * A member disputed a card payment with their bank: flag the member for operators (the back
 * office shows it, SUPPORT_EMAIL is told). The balance is left alone: a dispute may be won, and
 * operators decide what the member keeps meanwhile.
 */
export async function flagCardDispute(options: { tx: Tx; dispute: Stripe.Dispute }): Promise<StripeEventOutcome> {
  const { tx, dispute } = options;
  const paymentIntentId = stripeId(dispute.payment_intent);
  const [payment] = paymentIntentId
    ? await tx.select().from(cardPayments).where(eq(cardPayments.paymentIntentId, paymentIntentId))
    : [];
  if (!payment) {
    getLogger().warn({ dispute: dispute.id, paymentIntent: paymentIntentId }, "stripe: dispute of an unknown payment");
    return { outcome: "ignored" };
  }
  const flagged = await tx
    .insert(paymentFlags)
    .values({
      userId: payment.userId,
      kind: "dispute",
      reference: `dispute:${dispute.id}`,
      amount: centsToMicro(dispute.amount),
      sessionId: payment.sessionId,
      detail: `The member disputed a card payment of ${formatUsd(dispute.amount)} with their bank (Stripe dispute ${dispute.id}, reason: ${dispute.reason.replaceAll("_", " ")}). Answer it in Stripe before its deadline.`,
    })
    .onConflictDoNothing({ target: paymentFlags.reference })
    .returning({ id: paymentFlags.id });
  return { outcome: "disputed", memberId: payment.userId, flagged: flagged.length > 0 };
}
