import { data } from "react-router";
import { resolvePaymentFlagSchema } from "~/lib/validation/admin/member-actions";
import { memberRouteParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { MEMBER_GONE } from "#server/staff/members/add-member-note";
import { resolvePaymentFlag } from "#server/staff/members/resolve-payment-flag";

/**
 * Resolves one of the member's card payment flags (a refund the balance could not cover, a
 * dispute) with the operator's note (money.write: those who act on payments decide when one is
 * settled). Audited on the member; a second submit is answered with the resolution that stands.
 */
export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: resolvePaymentFlagSchema,
  params: memberRouteParams,
  notFound: MEMBER_GONE,
  run: async ({ input, staff, params: { memberId } }) =>
    resolvePaymentFlag({ db: getDb(), memberId, ...input, actor: staff.actor }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
