import { redirect } from "react-router";
import { REFERRAL_WINDOW_DAYS } from "~/lib/billing/referrals";
import { readCookie, REFERRAL_COOKIE, referralSetCookies } from "~/lib/http/cookies";
import { getMemberSession } from "#server/auth/accounts/session";
import { getConfig } from "#server/config";
import { getDb } from "#server/db/client";
import { recordReferralVisit } from "#server/referrals/record-referral-visit";
import type { Route } from "./+types/r.$code";

/**
 * A member's referral link, `/r/<code>`: records the visit (first touch: a visit already in the
 * cookie stands) and sends the visitor to the home page. No script and no cookie on the public
 * pages: the cookie's paths are `/r` and `/join` only. A signed-in member following a link is
 * already a member: nothing is recorded. An unknown code just goes home.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const headers = new Headers({ Location: "/", "Cache-Control": "no-store" });
  const session = await getMemberSession(request);
  if (session.member) return redirect("/", { headers: { "Cache-Control": "no-store" } });
  const code = params.code.slice(0, 32);
  const visit = await recordReferralVisit({
    db: getDb(),
    code,
    visitId: readCookie(request.headers.get("cookie"), REFERRAL_COOKIE),
    clientIp: context?.clientIp ?? null,
  });
  if (visit?.fresh) {
    const maxAgeSeconds = REFERRAL_WINDOW_DAYS * 24 * 60 * 60;
    for (const cookie of referralSetCookies(visit.visitId, { secure: getConfig().isProduction, maxAgeSeconds }))
      headers.append("Set-Cookie", cookie);
  }
  return new Response(null, { status: 302, headers });
}
