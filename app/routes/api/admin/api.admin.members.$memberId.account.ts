import { data } from "react-router";
import { memberAccountSchema } from "~/lib/validation/admin/member-page";
import { memberRouteParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { MEMBER_GONE } from "#server/staff/members/add-member-note";
import { setMemberBanned } from "#server/staff/members/set-member-banned";

/**
 * Ban (with a reason) or unban a member (`members.write`): sign-in refused and every session
 * ended, no renewals, out of every Telegram chat; unbanning gives back sign-in only. Audited.
 */
export const action = defineAction({
  access: "staff",
  permission: "members.write",
  schema: memberAccountSchema,
  params: memberRouteParams,
  notFound: MEMBER_GONE,
  run: async ({ input, staff, params: { memberId } }) =>
    setMemberBanned({
      db: getDb(),
      memberId,
      banned: input.intent === "ban",
      reason: input.intent === "ban" ? input.reason : undefined,
      actor: staff.actor,
    }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
