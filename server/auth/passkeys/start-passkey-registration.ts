import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { authErrorCode, PASSKEY_NEEDS_FRESH_SIGN_IN, PASSKEY_NOT_ADDED, passkeyRefusal } from "./passkey-errors.ts";

/**
 * The first step of adding a passkey: WebAuthn creation options for the signed-in member
 * (relying party from PUBLIC_URL, the member's passkeys excluded). Better Auth keeps the
 * challenge in a verification row named by a signed cookie: forward `headers`. Adding a
 * passkey needs a session signed in within the last day (Better Auth's fresh-session rule).
 */
export async function startPasskeyRegistration(options: { headers: Headers }) {
  try {
    const result = await getAuth().api.generatePasskeyRegistrationOptions({
      headers: options.headers,
      returnHeaders: true,
    });
    return { options: result.response, headers: result.headers };
  } catch (error) {
    if (authErrorCode(error) === "SESSION_NOT_FRESH") throw new AppError("FORBIDDEN", PASSKEY_NEEDS_FRESH_SIGN_IN);
    passkeyRefusal(error, new AppError("VALIDATION", PASSKEY_NOT_ADDED));
  }
}
