import { data } from "react-router";
import { orderCouponSchema } from "~/lib/validation/dashboard/orders";
import { purchaseMessages } from "#server/billing/messages";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { applyOrderCoupon } from "#server/orders/apply-order-coupon";
import { paidAnswer } from "#server/orders/paid-answer";

/** A coupon code typed on the order page, or taken off: the order is priced again with it. */
export const action = defineAction({
  access: "member",
  signedOutMessage: purchaseMessages.signIn,
  rateLimit: ({ member }) => ({ key: `order:${member.userId}`, limit: 20, windowSeconds: 15 * 60 }),
  schema: orderCouponSchema,
  unexpected: "Failed to update the order",
  run: async ({ member, input, clientIp }) => {
    const { completion } = await applyOrderCoupon({ db: getDb(), userId: member.userId, clientIp, ...input });
    return paidAnswer(completion);
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
