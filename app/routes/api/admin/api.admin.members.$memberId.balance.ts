import { data } from "react-router";
import { memberBalanceSchema } from "~/lib/validation/admin/member-actions";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { adjustMemberBalanceByStaff } from "#server/staff/members/adjust-member-balance";

/** The member id from /api/admin/members/:memberId/balance. */
const memberIdOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split("/").at(-2) ?? "");

/**
 * A manual credit or debit of a member's balance (money.write), idempotent by the form's key,
 * never below zero, audited on the member.
 */
export const action = defineAction({
  access: "staff",
  permission: "money.write",
  schema: memberBalanceSchema,
  run: async ({ input, staff, request }) =>
    adjustMemberBalanceByStaff({ db: getDb(), memberId: memberIdOf(request), ...input, actor: staff.actor }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
