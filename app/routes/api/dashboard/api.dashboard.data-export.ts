import { SIGN_IN_AGAIN } from "~/lib/action-answer";
import { getMemberSession } from "#server/auth/accounts/session";
import { exportMemberData } from "#server/dashboard/export-member-data";
import { getDb } from "#server/db/client";
import { isAppError } from "#server/lib/errors";
import { enforceRateLimit } from "#server/security/rate-limit";
import type { Route } from "./+types/api.dashboard.data-export";

/**
 * "Download my data" (GET, a file): everything kept about the signed-in member, as JSON, saved
 * by the browser as an attachment. Only the session's own member; 401 without a session. Limited
 * per member: each download reads every table that names them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getMemberSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const json = (body: unknown, status: number) => {
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify(body), { status, headers });
  };
  if (!session.member) return json({ ok: false, error: SIGN_IN_AGAIN, signedOut: true }, 401);
  const db = getDb();
  try {
    await enforceRateLimit({ db, key: `data-export:${session.member.userId}`, limit: 10, windowSeconds: 60 * 60 });
  } catch (error) {
    if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
    const retry = error.details.retryAfterSeconds;
    if (typeof retry === "number") headers.set("Retry-After", String(retry));
    return json({ ok: false, error: error.message }, 429);
  }
  const now = new Date();
  const body = await exportMemberData({ db, userId: session.member.userId, now });
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`);
  return new Response(`${JSON.stringify(body, null, 2)}\n`, { status: 200, headers });
}
