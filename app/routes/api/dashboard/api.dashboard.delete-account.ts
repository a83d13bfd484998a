import { data } from "react-router";
import { deleteAccountSchema } from "~/lib/validation/dashboard/account";
import { signOutMember } from "#server/auth/accounts/session";
import { deleteMemberAccount } from "#server/dashboard/delete-member-account";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { flashToastCookie } from "#server/http/flash";

/**
 * The member deletes their own account: the password (and the second factor when on), then the
 * erasure; this browser's session cookie is cleared, and the dialog then loads the home page afresh
 * (nothing of the member stays in memory), where a toast says it is done. Limited per member before
 * anything is read, since it tests a password and codes.
 */
export const action = defineAction({
  access: "member",
  schema: deleteAccountSchema,
  rateLimit: ({ member }) => ({ key: `delete-account:${member.userId}`, limit: 5, windowSeconds: 15 * 60 }),
  unexpected: "Your account could not be deleted. Please try again.",
  run: async ({ member, input, request, forwardCookies }) => {
    await deleteMemberAccount({
      db: getDb(),
      userId: member.userId,
      password: input.password,
      code: input.code,
      headers: request.headers,
    });
    forwardCookies(await signOutMember(request));
    forwardCookies(
      flashToastCookie({ title: "Your account has been deleted", description: "Thank you for having been with us." }),
    );
    return { deleted: true };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
