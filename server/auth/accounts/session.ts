import { redirect } from "react-router";
import { SIGN_IN_AGAIN } from "~/lib/action-answer";
import { flashToastSetCookie } from "~/lib/http/cookies";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { getConfig } from "../../config.ts";
import { getAuth } from "../core/auth.ts";

export type MemberSession = {
  userId: string;
  email: string;
  name: string;
  /** This browser's session (its id, never its token): the devices list marks it "This device". */
  sessionId: string;
};

/**
 * The signed-in member of this request, or null. `headers` carries a refreshed session cookie
 * when Better Auth extended the session (once a day of use): loaders must forward it.
 */
export async function getMemberSession(request: Request): Promise<{ member: MemberSession | null; headers: Headers }> {
  const result = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
  const session = result.response;
  const member = session
    ? { userId: session.user.id, email: session.user.email, name: session.user.name, sessionId: session.session.id }
    : null;
  return { member, headers: result.headers };
}

/**
 * The guard of member pages: anonymous visitors go to /signin and come back afterwards. A browser
 * whose session ended (signed out from another device, expired) is also told so by a toast,
 * and its dead cookie is cleared.
 */
export async function requireMember(request: Request) {
  const { member, headers } = await getMemberSession(request);
  if (!member) {
    const url = new URL(request.url);
    // Only a target sign-in would honour is carried (a request for "//evil.example/…" is not).
    const back = safeRedirect(url.pathname + url.search, { siteOrigin: url.origin });
    const answer = new Headers();
    for (const cookie of headers.getSetCookie()) answer.append("Set-Cookie", cookie);
    if (SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) {
      answer.append(
        "Set-Cookie",
        flashToastSetCookie({ title: SIGN_IN_AGAIN, type: "error" }, { secure: getConfig().isProduction }),
      );
    }
    throw redirect(`/signin?redirectTo=${encodeURIComponent(back)}`, { headers: answer });
  }
  return { member, headers };
}

/** Better Auth's session cookie (`__Secure-` prefixed in production). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/;

/** Ends this browser's session; returns the headers that clear the cookie. */
export async function signOutMember(request: Request): Promise<Headers> {
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return result.headers;
  } catch {
    // No valid session: there is nothing to end, the redirect still happens.
    return new Headers();
  }
}

/** A signed-in account as the back office needs it: its role, factors and this session's activity. */
export type SignedInAccount = {
  userId: string;
  email: string;
  name: string;
  role: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  /** Whether this session's own sign-in passed a second factor (server/auth/two-factor/second-factor-plugin.ts). */
  secondFactor: boolean;
  /** When this session was last marked active (Better Auth's `updatedAt`). */
  lastActiveAt: Date;
};

/** Like getMemberSession, with what staff checks need; null when signed out. */
export async function getSignedInAccount(
  request: Request,
): Promise<{ account: SignedInAccount | null; headers: Headers }> {
  const result = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
  const found = result.response;
  if (!found) return { account: null, headers: result.headers };
  const u = found.user as typeof found.user & { role?: string | null; twoFactorEnabled?: boolean | null };
  return {
    account: {
      userId: u.id,
      email: u.email,
      name: u.name,
      role: u.role ?? null,
      emailVerified: u.emailVerified,
      twoFactorEnabled: u.twoFactorEnabled === true,
      sessionId: found.session.id,
      secondFactor: (found.session as { secondFactor?: unknown }).secondFactor === true,
      lastActiveAt: new Date(found.session.updatedAt),
    },
    headers: result.headers,
  };
}
