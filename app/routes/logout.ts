import { redirect } from "react-router";
import { signOutMember } from "#server/auth/session";
import { withCookies } from "#server/http/auth-actions";
import { failure } from "#server/http/responses";
import { assertSameOrigin } from "#server/security/origin";
import type { Route } from "./+types/logout";

/** The dashboard's Logout: end this session, then home (spec §4). */
export async function action({ request }: Route.ActionArgs) {
  try {
    assertSameOrigin(request);
    return redirect("/", { headers: withCookies(await signOutMember(request)) });
  } catch (error) {
    return failure(error);
  }
}

export function loader() {
  return redirect("/");
}
