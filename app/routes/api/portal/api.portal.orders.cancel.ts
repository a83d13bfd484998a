import { data } from "react-router";
import { cancelOrderSchema } from "~/lib/validation/dashboard/orders";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { cancelOrder } from "#server/orders/cancel-order";
import { requirePortalMember } from "#server/portal/require-portal-member";

/** The portal's "Cancel order": the website's cancelOrder; money already paid in stays as balance. */
export const action = defineAction({
  access: "portal",
  schema: cancelOrderSchema,
  unexpected: "Failed to cancel the order",
  run: ({ portal, input }) => cancelOrder({ db: getDb(), userId: requirePortalMember(portal), orderId: input.orderId }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
