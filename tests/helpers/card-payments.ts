import crypto from "node:crypto";
import type Stripe from "stripe";
import type { Db } from "#server/db/client";
import { cardPayments } from "#server/db/schema";

/** An id in Stripe's shape (`evt_test_…`, `cs_test_…`), new on every call. */
export const stripeId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(8).toString("hex")}`;

/** A verified webhook event as Stripe's library hands it over (the signature is the route's test). */
export const stripeEvent = (type: string, object: object) =>
  ({ id: stripeId("evt"), type, data: { object } }) as unknown as Stripe.Event;

/**
 * A card top-up of `cents` the member opened (its card_payments row, as createCardCheckout records
 * it): the Checkout Session in its paid form, and the charge it makes, for refunds and disputes.
 */
export async function openCardTopUp(db: Db, userId: string, cents: number) {
  const session = {
    id: stripeId("cs"),
    object: "checkout.session",
    mode: "payment",
    payment_status: "paid",
    status: "complete",
    currency: "usd",
    amount_total: cents,
    client_reference_id: userId,
    metadata: { memberId: userId, purpose: "top_up" },
    payment_intent: stripeId("pi"),
  };
  await db.insert(cardPayments).values({ sessionId: session.id, userId, purpose: "top_up", amountCents: cents });
  const charge = {
    id: stripeId("ch"),
    object: "charge",
    amount: cents,
    amount_refunded: 0,
    currency: "usd",
    payment_intent: session.payment_intent,
  };
  return { session, charge };
}
