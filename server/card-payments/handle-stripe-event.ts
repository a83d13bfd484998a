import type Stripe from "stripe";
import type { Db } from "../db/client.ts";
import { stripeEvents } from "../db/schema.ts";
import { creditCardPayment } from "./credit-card-payment.ts";
import { debitCardRefund } from "./debit-card-refund.ts";
import { flagCardDispute } from "./flag-card-dispute.ts";
import type { StripeEventOutcome } from "./stripe-event-outcome.ts";

/** The events the webhook acts on; Stripe may send others, which are recorded and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "charge.refunded",
  "charge.dispute.created",
] as const;

/**
 * Applies one verified webhook event exactly once: its id is recorded in the same transaction
 * as what it changes, so a redelivery (Stripe retries, replays from the dashboard, two
 * deliveries racing: the second waits on the first's row) finds the id taken and changes
 * nothing, and an event whose handling failed leaves no trace and is handled on Stripe's retry.
 */
export async function handleStripeEvent(options: { db: Db; event: Stripe.Event }): Promise<StripeEventOutcome> {
  const { db, event } = options;
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (fresh.length === 0) return { outcome: "replayed" };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return creditCardPayment({ tx, session: event.data.object });
      case "charge.refunded":
        return debitCardRefund({ tx, charge: event.data.object });
      case "charge.dispute.created":
        return flagCardDispute({ tx, dispute: event.data.object });
      default:
        return { outcome: "ignored" };
    }
  });
}
