import { data } from "react-router";
import type { ActionAnswer } from "~/lib/action-answer";
import { revokeSessionSchema } from "~/lib/validation/dashboard/sessions";
import type { SignedInDevice } from "~/lib/view-types/sessions";
import { getMemberSession } from "#server/auth/accounts/session";
import { listMemberSessions } from "#server/auth/sessions/list-member-sessions";
import { revokeMemberSessions } from "#server/auth/sessions/revoke-member-sessions";
import { getDb } from "#server/db/client";
import { defineAction, SIGN_IN_AGAIN } from "#server/http/action";
import type { Route } from "./+types/api.dashboard.sessions";

export type SignedInDevicesList = ActionAnswer<{ devices: SignedInDevice[] }>;
export type RevokeSessionsAnswer = ActionAnswer<{ revoked: number }>;

/** The Signed-in devices card's list (GET, read-only): the signed-in member's own sessions, or 401. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getMemberSession(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (!session.member)
    return data<SignedInDevicesList>({ ok: false, error: SIGN_IN_AGAIN, signedOut: true }, { status: 401, headers });
  const devices = await listMemberSessions({
    db: getDb(),
    userId: session.member.userId,
    currentSessionId: session.member.sessionId,
  });
  return data<SignedInDevicesList>({ ok: true, devices }, { headers });
}

/** Sign out one other device, or every other device. */
export const action = defineAction({
  access: "member",
  schema: revokeSessionSchema,
  unexpected: "Could not sign the device out. Please try again.",
  run: async ({ member, input, request }) =>
    revokeMemberSessions({
      db: getDb(),
      userId: member.userId,
      currentSessionId: member.sessionId,
      sessionId: input.intent === "revoke" ? input.sessionId : undefined,
      headers: request.headers,
    }),
});
