import { data } from "react-router";
import { resolvePaymentFlagSchema } from "~/lib/validation/admin/member-actions";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { resolvePaymentFlag } from "#server/staff/members/resolve-payment-flag";

/** The member id from /api/admin/members/:memberId/payment-flags. */
const memberIdOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split("/").at(-2) ?? "");

/**
 * Resolves one of the member's card payment flags (a refund the balance could not cover, a
 * dispute) with the operator's note (money.write: those who act on payments decide when one is
 * settled). Audited on the member; a second submit is answered with the resolution that stands.
 */
export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: resolvePaymentFlagSchema,
  run: async ({ input, staff, request }) =>
    resolvePaymentFlag({ db: getDb(), memberId: memberIdOf(request), ...input, actor: staff.actor }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
