import { getAuthenticatorName } from "@better-auth/passkey";
import type { PasskeyView } from "~/lib/view-types/passkeys";

/** A passkey without a name of its own is called after its authenticator, else plainly "Passkey". */
export function defaultPasskeyName(aaguid: string | null | undefined) {
  return getAuthenticatorName(aaguid ?? undefined) ?? "Passkey";
}

/** What the Passkeys card may see of a stored passkey: never its public key, counter or credential id. */
type StoredPasskey = {
  id: string;
  name?: string | null;
  aaguid?: string | null;
  createdAt?: Date | string | null;
  deviceType: string;
  backedUp: boolean;
};

export function toPasskeyView(row: StoredPasskey): PasskeyView {
  return {
    id: row.id,
    name: row.name?.trim() || defaultPasskeyName(row.aaguid),
    createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
    deviceType: row.deviceType,
    backedUp: Boolean(row.backedUp),
  };
}
