import { data } from "react-router";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { passkeySignInFormSchema } from "~/lib/validation/auth/sign-in";
import { signInWithPasskey } from "#server/auth/passkeys/sign-in-with-passkey";
import { getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { flashToastCookie } from "#server/http/flash";
import { keepSignInCart } from "#server/orders/keep-sign-in-cart";

/**
 * Sign in with a passkey, step 2: the signed answer opens a session (no second factor, see
 * sign-in-with-passkey.ts) and the tab's cart joins the account's, as at every sign-in; the page
 * then goes to `redirectTo` (on this site only) with the sign-in page's "Welcome back!" toast.
 */
export const action = defineAction({
  schema: passkeySignInFormSchema,
  unexpected: "Passkey sign-in failed. Please try again.",
  run: async ({ input, clientIp, request, forwardCookies }) => {
    const db = getDb();
    const { headers, userId } = await signInWithPasskey({
      db,
      clientIp,
      headers: request.headers,
      response: input.response,
    });
    forwardCookies(headers);
    await keepSignInCart({ db, userId, cart: input.cart, couponCode: input.cartCoupon, clientIp });
    forwardCookies(flashToastCookie({ title: "Welcome back!", description: "You've successfully signed in." }));
    return { redirectTo: safeRedirect(input.redirectTo, { siteOrigin: getPublicOrigin() }) };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
