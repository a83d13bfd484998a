import { data } from "react-router";
import { startPasskeyRegistration } from "#server/auth/passkeys/start-passkey-registration";
import { defineAction } from "#server/http/action";

/** Add a passkey, step 1: creation options for the member's authenticator, the challenge cookie with them. */
export const action = defineAction({
  access: "member",
  rateLimit: ({ member }) => ({ key: `passkey-add:${member.userId}`, limit: 20, windowSeconds: 60 * 60 }),
  unexpected: "The passkey could not be added. Please try again.",
  run: async ({ request, forwardCookies }) => {
    const { options, headers } = await startPasskeyRegistration({ headers: request.headers });
    forwardCookies(headers);
    return { options };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
