import type { PasskeyView } from "~/lib/view-types/passkeys";
import { getAuth } from "../core/auth.ts";
import { toPasskeyView } from "./passkey-view.ts";

/** The session's member's passkeys, oldest first (Better Auth lists only the session user's own). */
export async function listMemberPasskeys(options: { headers: Headers }): Promise<PasskeyView[]> {
  const rows = await getAuth().api.listPasskeys({ headers: options.headers });
  const views: PasskeyView[] = rows.map(toPasskeyView);
  return views.sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? "") || a.id.localeCompare(b.id));
}
