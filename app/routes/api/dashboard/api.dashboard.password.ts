import { data } from "react-router";
import { changePasswordSchema } from "~/lib/validation/dashboard/profile";
import { changeMemberPassword } from "#server/dashboard/change-member-password";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** CHANGE PASSWORD: signs out every other session and hands this browser a fresh session cookie. */
export const action = defineAction({
  access: "member",
  schema: changePasswordSchema,
  unexpected: "Failed to change password. Please try again.",
  run: async ({ member, input, request, forwardCookies }) => {
    const headers = await changeMemberPassword({
      db: getDb(),
      userId: member.userId,
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      headers: request.headers,
    });
    forwardCookies(headers);
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
