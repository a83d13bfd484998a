import { data } from "react-router";
import { purchaseRequestSchema } from "~/lib/validation/dashboard/purchase";
import { purchaseMessages } from "#server/billing/messages";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/**
 * The confirm-purchase dialog's call: buys the cart's plans from the member's balance. Rate-limited
 * per member; then the money engine's one transaction decides everything (prices, balance,
 * plans already active). Refusals are 402/409 envelopes carrying the figures the dialog shows
 * (the recomputed total, the current balance, the plans already active). A coupon code is priced
 * by the same transaction; a refused code is answered beside the dialog's code field.
 */
export const action = defineAction({
  access: "member",
  signedOutMessage: purchaseMessages.signIn,
  rateLimit: ({ member }) => ({ key: `purchase:${member.userId}`, limit: 20, windowSeconds: 15 * 60 }),
  schema: purchaseRequestSchema,
  unexpected: "Failed to process payment",
  run: ({ member, input, clientIp }) =>
    purchaseSubscriptions({ db: getDb(), userId: member.userId, clientIp, ...input }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
