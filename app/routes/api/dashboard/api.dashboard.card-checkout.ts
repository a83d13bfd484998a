import { data } from "react-router";
import { cardCheckoutSchema } from "~/lib/validation/dashboard/card-checkout";
import { cardCheckoutPayment } from "#server/card-payments/card-checkout-payment";
import { createCardCheckout } from "#server/card-payments/create-card-checkout";
import { getStripe } from "#server/card-payments/stripe-client";
import { getConfig, getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";

/**
 * "Pay by card": opens a Stripe Checkout page for a top-up the member chose, or for what is
 * still due on their open order (cardCheckoutPayment's rules), and answers its address, which
 * the browser then opens. Without Stripe configured there is nothing to open. Rate-limited per
 * member: each call creates a session at Stripe.
 */
export const action = defineAction({
  access: "member",
  rateLimit: ({ member }) => ({ key: `card-checkout:${member.userId}`, limit: 10, windowSeconds: 15 * 60 }),
  schema: cardCheckoutSchema,
  unexpected: "Card payment could not be started",
  run: async ({ member, input }) => {
    const stripe = getStripe();
    if (!stripe) throw new AppError("NOT_FOUND", "Card payments are not available.");
    const db = getDb();
    const payment = await cardCheckoutPayment({ db, userId: member.userId, request: input });
    const checkout = await createCardCheckout({
      db,
      stripe,
      memberId: member.userId,
      email: member.email,
      brandName: getConfig().brandName,
      origin: getPublicOrigin(),
      payment,
    });
    return { url: checkout.url };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
