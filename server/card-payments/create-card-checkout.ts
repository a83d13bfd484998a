import type Stripe from "stripe";
import { CARD_RATE_NOTE, STRIPE_MIN_CHARGE_CENTS } from "~/lib/card-payments";
import type { Db } from "../db/client.ts";
import { cardPayments } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";

export type CardCheckoutPayment =
  { purpose: "top_up"; cents: number } | { purpose: "order"; orderId: string; cents: number; description: string };

/**
 * Opens a Stripe Checkout Session (hosted page, payment mode, US dollars, cards) for a member
 * and records it, so the webhook knows whose it is and what it was for; answers the page's
 * address. The session carries the member in `client_reference_id` and `metadata`: Stripe signs
 * what it sends back, so a session this database never recorded (the insert below failed after
 * Stripe created it) is still credited to the right member. Nothing is credited here: money
 * moves only when the signed webhook says the session was paid.
 */
export async function createCardCheckout(options: {
  db: Db;
  stripe: Stripe;
  memberId: string;
  email: string;
  brandName: string;
  /** The site's origin, where Stripe sends the member back. */
  origin: string;
  /**
   * Where Stripe sends the member back instead of the dashboard: the Telegram portal's chat with
   * the bot (the portal is still open there and shows the payment once back).
   */
  returnUrl?: string;
  payment: CardCheckoutPayment;
}): Promise<{ url: string; sessionId: string; cents: number }> {
  const { db, stripe, memberId, payment } = options;
  // Stripe refuses card charges under 50 cents; the few cents over what is due stay as balance.
  const cents = Math.max(payment.cents, STRIPE_MIN_CHARGE_CENTS);
  const metadata = {
    memberId,
    purpose: payment.purpose,
    ...(payment.purpose === "order" ? { orderId: payment.orderId } : {}),
  };
  const name =
    payment.purpose === "order"
      ? `${options.brandName}: ${payment.description}`
      : `${options.brandName} balance top-up`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: "payment",
      allowed_payment_method_types: ["card"],
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: cents, product_data: { name, description: CARD_RATE_NOTE } },
        },
      ],
      client_reference_id: memberId,
      customer_email: options.email,
      metadata,
      payment_intent_data: { metadata },
      success_url: options.returnUrl ?? `${options.origin}/dashboard?card=paid`,
      cancel_url: options.returnUrl ?? `${options.origin}/dashboard?card=cancelled`,
    });
  } catch (error) {
    getLogger().error({ err: (error as Error).message, member: memberId }, "stripe: checkout session not created");
    throw new AppError("UNAVAILABLE", "Card payments are unavailable right now. Please try again in a few minutes.");
  }
  if (!session.url) throw new AppError("UNAVAILABLE", "Stripe did not return a payment page. Please try again.");
  await db.insert(cardPayments).values({
    sessionId: session.id,
    userId: memberId,
    purpose: payment.purpose,
    orderId: payment.purpose === "order" ? payment.orderId : null,
    amountCents: cents,
  });
  return { url: session.url, sessionId: session.id, cents };
}
