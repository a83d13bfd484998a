import type { AddPasskeyInput } from "~/lib/validation/auth/passkeys";
import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { authErrorCode, PASSKEY_NEEDS_FRESH_SIGN_IN, PASSKEY_NOT_ADDED, passkeyRefusal } from "./passkey-errors.ts";
import { defaultPasskeyName, toPasskeyView } from "./passkey-view.ts";

/**
 * The second step: Better Auth verifies the authenticator's answer against the challenge of
 * this browser's cookie, the site's origin and relying party, and stores the passkey for the
 * session's member. Without a name of the member's own it is named after its authenticator.
 */
export async function addMemberPasskey(options: {
  headers: Headers;
  response: AddPasskeyInput["response"];
  name?: string;
}) {
  const auth = getAuth();
  let stored;
  try {
    stored = await auth.api.verifyPasskeyRegistration({
      body: { response: options.response, name: options.name },
      headers: options.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (authErrorCode(error) === "SESSION_NOT_FRESH") throw new AppError("FORBIDDEN", PASSKEY_NEEDS_FRESH_SIGN_IN);
    passkeyRefusal(error, new AppError("VALIDATION", PASSKEY_NOT_ADDED));
  }
  let passkey = stored.response;
  if (!options.name) {
    const named = await auth.api.updatePasskey({
      body: { id: passkey.id, name: defaultPasskeyName(passkey.aaguid) },
      headers: options.headers,
    });
    passkey = named.passkey;
  }
  return { passkey: toPasskeyView(passkey), headers: stored.headers };
}
