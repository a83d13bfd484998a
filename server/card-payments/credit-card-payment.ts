import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { centsToMicro, formatUsd } from "~/lib/card-payments";
import { formatUsdt } from "~/lib/money";
import { postLedgerEntry } from "../billing/ledger.ts";
import type { Tx } from "../db/client.ts";
import { billingHistory, CARD_PAYMENT_PURPOSES, cardPayments } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { stripeId } from "./stripe-client.ts";
import type { StripeEventOutcome } from "./stripe-event-outcome.ts";

/** The ledger reference of a paid Checkout Session: unique, so it is credited once. */
export function cardPaymentReference(sessionId: string) {
  return `stripe:${sessionId}`;
}

/**
 * Credits a paid Checkout Session, inside the webhook event's transaction: the `card` ledger
 * row keeping the Stripe ids, the balance, the session marked paid with its PaymentIntent (what
 * refunds and disputes name), a paid billing row and the member's notice. 1 US cent paid is
 * 10 000 micro-USDT. A session not yet paid (`checkout.session.completed` of a delayed method)
 * waits for `async_payment_succeeded`; one already credited — the other of the two events, or a
 * concurrent delivery that waited on the row lock — writes nothing.
 */
export async function creditCardPayment(options: {
  tx: Tx;
  session: Stripe.Checkout.Session;
}): Promise<StripeEventOutcome> {
  const { tx, session } = options;
  const log = getLogger();
  if (session.mode !== "payment" || session.payment_status !== "paid") return { outcome: "ignored" };
  if (session.currency !== "usd" || !session.amount_total || session.amount_total <= 0) {
    log.error(
      { session: session.id, currency: session.currency },
      "stripe: paid session not in US dollars; not credited",
    );
    return { outcome: "ignored" };
  }
  const memberId = session.client_reference_id ?? session.metadata?.memberId;
  const purpose = CARD_PAYMENT_PURPOSES.find((p) => p === session.metadata?.purpose);
  if (!memberId || !purpose) {
    // Not a session this site opened (another integration on the same Stripe account).
    log.warn({ session: session.id }, "stripe: paid session without a member; ignored");
    return { outcome: "ignored" };
  }
  // Normally recorded when it was opened; recorded here from Stripe's signed copy otherwise.
  await tx
    .insert(cardPayments)
    .values({
      sessionId: session.id,
      userId: memberId,
      purpose,
      orderId: session.metadata?.orderId ?? null,
      amountCents: session.amount_total,
    })
    .onConflictDoNothing({ target: cardPayments.sessionId });
  const [payment] = await tx.select().from(cardPayments).where(eq(cardPayments.sessionId, session.id)).for("update");
  if (!payment || payment.status === "paid") return { outcome: "replayed" };

  const amount = centsToMicro(session.amount_total);
  const paymentIntentId = stripeId(session.payment_intent);
  const reference = cardPaymentReference(session.id);
  const ledger = await postLedgerEntry({
    tx,
    userId: payment.userId,
    kind: "card",
    amount,
    reference,
    memo: `Card payment of ${formatUsd(session.amount_total)} (Stripe Checkout Session ${session.id}${paymentIntentId ? `, PaymentIntent ${paymentIntentId}` : ""})`,
  });
  await tx
    .update(cardPayments)
    .set({ status: "paid", paymentIntentId, credited: amount, paidAt: sql`now()` })
    .where(eq(cardPayments.sessionId, session.id));
  if (!ledger.inserted) return { outcome: "replayed" };

  await tx.insert(billingHistory).values({
    userId: payment.userId,
    invoiceId: `CARD-${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
    totalAmount: amount,
    paymentType: "Card",
    status: "paid",
    description: payment.purpose === "order" ? "Card payment for your order" : "Card top-up",
    ledgerReference: reference,
  });
  const notificationId = await enqueueNotification({
    tx,
    userId: payment.userId,
    kind: "card_payment_credited",
    holdWhileOrderOpen: true,
    payload: {
      paid: `${formatUsd(session.amount_total)} USD`,
      amount: formatUsdt(amount),
      balance: formatUsdt(ledger.balance),
    },
  });
  return {
    outcome: "credited",
    memberId: payment.userId,
    orderId: payment.orderId,
    credit: { reference, notificationId },
  };
}
