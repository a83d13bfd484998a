import { getMemberSession } from "#server/auth/accounts/session";
import type { Route } from "./+types/api.session";

export type SessionState = { signedIn: boolean };

/**
 * Is this browser still signed in? (GET, read-only JSON.) The dashboard asks when
 * its tab regains focus, so a sign-out elsewhere, a revoked device or an expired session is
 * noticed without waiting for the next click. One session read; a refreshed cookie is passed on.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getMemberSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return Response.json({ signedIn: session.member !== null } satisfies SessionState, { headers });
}
