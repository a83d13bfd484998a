import { data } from "react-router";
import { memberBalanceSchema } from "~/lib/validation/admin/member-actions";
import { memberRouteParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { MEMBER_GONE } from "#server/staff/members/add-member-note";
import { adjustMemberBalanceByStaff } from "#server/staff/members/adjust-member-balance";

/**
 * A manual credit or debit of a member's balance (money.write), idempotent by the form's key,
 * never below zero, audited on the member.
 */
export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: memberBalanceSchema,
  params: memberRouteParams,
  notFound: MEMBER_GONE,
  run: async ({ input, staff, params: { memberId } }) =>
    adjustMemberBalanceByStaff({ db: getDb(), memberId, ...input, actor: staff.actor }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
