import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { PASSKEY_NOT_FOUND, passkeyRefusal } from "./passkey-errors.ts";
import { toPasskeyView } from "./passkey-view.ts";

/** Renames one of the session's member's passkeys; another member's, or none, is "not found" alike. */
export async function renameMemberPasskey(options: { headers: Headers; id: string; name: string }) {
  try {
    const result = await getAuth().api.updatePasskey({
      body: { id: options.id, name: options.name },
      headers: options.headers,
    });
    return { passkey: toPasskeyView(result.passkey) };
  } catch (error) {
    passkeyRefusal(error, new AppError("NOT_FOUND", PASSKEY_NOT_FOUND));
  }
}
