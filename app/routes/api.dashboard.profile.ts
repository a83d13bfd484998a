import { data } from "react-router";
import { profileSchema } from "~/lib/validation/profile";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import { readBody, validationFailure } from "#server/http/responses";
import { memberFailure, requireMemberMutation } from "#server/http/member-api";
import { updateMemberProfile } from "#server/members/update-member-profile";
import type { Route } from "./+types/api.dashboard.profile";

/** "Change user information": first and last name only (other keys in the body are ignored). */
export async function action({ request }: Route.ActionArgs) {
  try {
    const { member, headers } = await requireMemberMutation(request);
    const parsed = profileSchema.safeParse(await readBody(request));
    if (!parsed.success) return validationFailure(parsed.error);
    const profile = await updateMemberProfile({ db: getDb(), userId: member.userId, input: parsed.data });
    return data({ ok: true as const, profile }, { headers: withCookies(headers) });
  } catch (error) {
    return memberFailure(error, "Failed to update your information. Please try again.");
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
