import { redirect } from "react-router";
import { signOutMember } from "#server/auth/accounts/session";
import { defineAction } from "#server/http/action";

/** The dashboard's Logout: end this session, then home. */
export const action = defineAction({
  run: async ({ request, forwardCookies }) => {
    forwardCookies(await signOutMember(request));
    return redirect("/");
  },
});

export function loader() {
  return redirect("/");
}
