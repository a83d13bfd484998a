import { data } from "react-router";
import { fixTelegramSchema } from "~/lib/validation/admin/member-page";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { fixMemberTelegram } from "#server/staff/members/fix-member-telegram";

/** The member's id from `/api/admin/members/<id>/telegram`. */
const memberIdOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.split("/").at(-2) ?? "");

/**
 * Support corrects a member's Telegram username (`telegram.fix`): the sign-up's rule, the
 * verification reset, the member emailed and taken out of their chats until they verify again.
 * Audited. Others get 404, like every back-office route.
 */
export const action = defineAction({
  access: "staff",
  permission: "telegram.fix",
  schema: fixTelegramSchema,
  run: async ({ input, staff, request }) =>
    fixMemberTelegram({ db: getDb(), memberId: memberIdOf(request), username: input.telegram, actor: staff.actor }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
