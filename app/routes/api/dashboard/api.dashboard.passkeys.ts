import { data } from "react-router";
import type { ActionAnswer } from "~/lib/action-answer";
import type { PasskeyView } from "~/lib/view-types/passkeys";
import { getMemberSession } from "#server/auth/accounts/session";
import { listMemberPasskeys } from "#server/auth/passkeys/list-member-passkeys";
import { SIGN_IN_AGAIN } from "#server/http/action";
import type { Route } from "./+types/api.dashboard.passkeys";

export type PasskeyList = ActionAnswer<{ passkeys: PasskeyView[] }>;

/** The Passkeys card's list (GET, read-only): the signed-in member's own passkeys, or 401. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getMemberSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (!session.member)
    return data<PasskeyList>({ ok: false, error: SIGN_IN_AGAIN, signedOut: true }, { status: 401, headers });
  return data<PasskeyList>({ ok: true, passkeys: await listMemberPasskeys({ headers: request.headers }) }, { headers });
}
