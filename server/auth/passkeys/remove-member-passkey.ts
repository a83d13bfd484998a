import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { PASSKEY_NOT_FOUND, passkeyRefusal } from "./passkey-errors.ts";

/** Removes one of the session's member's passkeys; another member's, or none, is "not found" alike. */
export async function removeMemberPasskey(options: { headers: Headers; id: string }) {
  try {
    await getAuth().api.deletePasskey({ body: { id: options.id }, headers: options.headers });
  } catch (error) {
    passkeyRefusal(error, new AppError("NOT_FOUND", PASSKEY_NOT_FOUND));
  }
}
