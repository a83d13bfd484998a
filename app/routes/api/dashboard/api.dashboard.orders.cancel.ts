import { data } from "react-router";
import { cancelOrderSchema } from "~/lib/validation/dashboard/orders";
import { purchaseMessages } from "#server/billing/messages";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { cancelOrder } from "#server/orders/cancel-order";

/** The member cancels their pending order; money already paid in stays as balance. */
export const action = defineAction({
  access: "member",
  signedOutMessage: purchaseMessages.signIn,
  schema: cancelOrderSchema,
  unexpected: "Failed to cancel the order",
  run: ({ member, input }) => cancelOrder({ db: getDb(), userId: member.userId, orderId: input.orderId }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
