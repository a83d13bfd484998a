import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { PASSKEY_SIGN_IN_FAILED, passkeyRefusal } from "./passkey-errors.ts";

/**
 * WebAuthn request options for signing in (no allow-list: the authenticator offers the
 * site's discoverable passkeys, which conditional UI shows under the email field). The
 * challenge lives in a verification row named by a signed cookie: forward `headers`.
 */
export async function startPasskeySignIn(options: { headers: Headers }) {
  try {
    const result = await getAuth().api.generatePasskeyAuthenticationOptions({
      headers: options.headers,
      returnHeaders: true,
    });
    return { options: result.response, headers: result.headers };
  } catch (error) {
    passkeyRefusal(error, new AppError("UNAUTHORIZED", PASSKEY_SIGN_IN_FAILED));
  }
}
