import type { PasskeySignInInput } from "~/lib/validation/auth/passkeys";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { limitAuthAttempt } from "../accounts/limits.ts";
import { getAuth } from "../core/auth.ts";
import { PASSKEY_SIGN_IN_FAILED, passkeyRefusal } from "./passkey-errors.ts";

/**
 * Sign-in with a passkey: Better Auth checks the signed answer against this browser's
 * challenge, the stored public key, the site's origin and relying party, then opens a session.
 * A passkey is possession and (on the authenticator) verification in one, so no second factor
 * is asked. Counted against the same per-address limit as the password sign-in.
 */
export async function signInWithPasskey(options: {
  db: Db;
  clientIp: string;
  headers: Headers;
  response: PasskeySignInInput["response"];
}) {
  await limitAuthAttempt({ db: options.db, action: "sign-in", clientIp: options.clientIp });
  try {
    const result = await getAuth().api.verifyPasskeyAuthentication({
      body: { response: options.response },
      headers: options.headers,
      returnHeaders: true,
    });
    return { headers: result.headers, userId: result.response.user.id };
  } catch (error) {
    passkeyRefusal(error, new AppError("UNAUTHORIZED", PASSKEY_SIGN_IN_FAILED));
  }
}
