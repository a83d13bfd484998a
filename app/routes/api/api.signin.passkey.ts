import { data } from "react-router";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { passkeySignInSchema } from "~/lib/validation/auth/passkeys";
import { signInWithPasskey } from "#server/auth/passkeys/sign-in-with-passkey";
import { getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { flashToastCookie } from "#server/http/flash";

/**
 * Sign in with a passkey, step 2: the signed answer opens a session (no second factor, see
 * sign-in-with-passkey.ts); the page then goes to `redirectTo` (on this site only) with the
 * sign-in page's "Welcome back!" toast.
 */
export const action = defineAction({
  schema: passkeySignInSchema,
  unexpected: "Passkey sign-in failed. Please try again.",
  run: async ({ input, clientIp, request, forwardCookies }) => {
    const { headers } = await signInWithPasskey({
      db: getDb(),
      clientIp,
      headers: request.headers,
      response: input.response,
    });
    forwardCookies(headers);
    forwardCookies(flashToastCookie({ title: "Welcome back!", description: "You've successfully signed in." }));
    return { redirectTo: safeRedirect(input.redirectTo, { siteOrigin: getPublicOrigin() }) };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
