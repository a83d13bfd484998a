import { data } from "react-router";
import { acceptOrderPriceSchema } from "~/lib/validation/dashboard/orders";
import { purchaseMessages } from "#server/billing/messages";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { acceptOrderPrice } from "#server/orders/accept-order-price";
import { paidAnswer } from "#server/orders/paid-answer";

/** The member accepts the total their order was priced at again (the figure they were shown). */
export const action = defineAction({
  access: "member",
  signedOutMessage: purchaseMessages.signIn,
  rateLimit: ({ member }) => ({ key: `order:${member.userId}`, limit: 20, windowSeconds: 15 * 60 }),
  schema: acceptOrderPriceSchema,
  unexpected: "Failed to update the order",
  run: async ({ member, input }) => {
    const completion = await acceptOrderPrice({ db: getDb(), userId: member.userId, ...input });
    return paidAnswer(completion);
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
