import { data } from "react-router";
import { memberAccountSchema } from "~/lib/validation/admin/member-page";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { setMemberBanned } from "#server/staff/members/set-member-banned";

/** The member's id from `/api/admin/members/<id>/account`. */
const memberIdOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split("/").at(-2) ?? "");

/**
 * Ban (with a reason) or unban a member (`members.write`): sign-in refused and every session
 * ended, no renewals, out of every Telegram chat; unbanning gives back sign-in only. Audited.
 */
export const action = defineAction({
  access: "staff",
  permission: "members.write",
  schema: memberAccountSchema,
  run: async ({ input, staff, request }) =>
    setMemberBanned({
      db: getDb(),
      memberId: memberIdOf(request),
      banned: input.intent === "ban",
      reason: input.intent === "ban" ? input.reason : undefined,
      actor: staff.actor,
    }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
