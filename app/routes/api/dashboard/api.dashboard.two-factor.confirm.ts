import { data } from "react-router";
import { twoFactorConfirmSchema } from "~/lib/validation/auth/two-factor";
import { confirmTwoFactorSetup } from "#server/auth/two-factor/confirm-two-factor-setup";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** Turn on two-factor, second step: a code from the app; answers the ten backup codes, shown once. */
export const action = defineAction({
  access: "member",
  schema: twoFactorConfirmSchema,
  unexpected: "Two-factor authentication could not be turned on. Please try again.",
  run: async ({ member, input, request, forwardCookies }) => {
    const { headers, backupCodes } = await confirmTwoFactorSetup({
      db: getDb(),
      userId: member.userId,
      code: input.code,
      headers: request.headers,
    });
    forwardCookies(headers);
    return { backupCodes };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
