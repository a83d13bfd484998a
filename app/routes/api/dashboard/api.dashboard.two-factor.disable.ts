import { data } from "react-router";
import { twoFactorDisableSchema } from "~/lib/validation/auth/two-factor";
import { turnOffTwoFactor } from "#server/auth/two-factor/turn-off-two-factor";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** Turn off two-factor: the password and a current code (or a backup code). */
export const action = defineAction({
  access: "member",
  schema: twoFactorDisableSchema,
  unexpected: "Two-factor authentication could not be turned off. Please try again.",
  run: async ({ member, input, request, forwardCookies }) => {
    const { headers } = await turnOffTwoFactor({
      db: getDb(),
      userId: member.userId,
      password: input.password,
      code: input.code,
      headers: request.headers,
    });
    forwardCookies(headers);
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
