import { data } from "react-router";
import { fixTelegramSchema } from "~/lib/validation/admin/member-page";
import { memberRouteParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { MEMBER_GONE } from "#server/staff/members/add-member-note";
import { fixMemberTelegram } from "#server/staff/members/fix-member-telegram";

/**
 * Support corrects a member's Telegram username (`telegram.fix`): the sign-up's rule, the
 * verification reset, the member emailed and taken out of their chats until they verify again.
 * Audited. Others get 404, like every back-office route.
 */
export const action = defineAction({
  access: "staff",
  permission: "telegram.fix",
  schema: fixTelegramSchema,
  params: memberRouteParams,
  notFound: MEMBER_GONE,
  run: async ({ input, staff, params: { memberId } }) =>
    fixMemberTelegram({ db: getDb(), memberId, username: input.telegram, actor: staff.actor }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
