import { data } from "react-router";
import { startPasskeySignIn } from "#server/auth/passkeys/start-passkey-sign-in";
import { defineAction } from "#server/http/action";
import { clientAddressKey } from "#server/security/client-address";

/**
 * Sign in with a passkey, step 1: request options and the challenge cookie. The sign-in page
 * asks on every visit (conditional UI), so this is not counted as a sign-in attempt: it has its
 * own, looser per-address limit (an office behind one address opens the page often), which
 * still bounds the short-lived challenge rows one address can make.
 */
export const action = defineAction({
  rateLimit: ({ clientIp }) => ({
    key: clientAddressKey("passkey-options", clientIp),
    limit: 300,
    windowSeconds: 15 * 60,
  }),
  unexpected: "Passkey sign-in is not available right now. Please sign in with your email and password.",
  run: async ({ request, forwardCookies }) => {
    const { options, headers } = await startPasskeySignIn({ headers: request.headers });
    forwardCookies(headers);
    return { options };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
