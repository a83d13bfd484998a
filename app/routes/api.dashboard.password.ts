import { data } from "react-router";
import { changePasswordSchema } from "~/lib/validation/profile";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import { readBody, validationFailure } from "#server/http/responses";
import { changeMemberPassword } from "#server/members/change-member-password";
import { memberFailure, requireMemberMutation } from "#server/http/member-api";
import type { Route } from "./+types/api.dashboard.password";

/** CHANGE PASSWORD: signs out every other session and hands this browser a fresh session cookie. */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { member } = await requireMemberMutation(request);
    const parsed = changePasswordSchema.safeParse(await readBody(request));
    if (!parsed.success) return validationFailure(parsed.error);
    const headers = await changeMemberPassword({
      db: getDb(),
      userId: member.userId,
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
      headers: request.headers,
    });
    return data({ ok: true as const }, { headers: withCookies(headers) });
  } catch (error) {
    return memberFailure(error, "Failed to change password. Please try again.");
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
