import { isAppCode } from "~/lib/validation/two-factor";
import type { DbOrTx } from "../db/client.ts";
import { getAuth } from "./auth.ts";
import { limitAuthAttempt } from "./limits.ts";
import { fromTwoFactorError } from "./two-factor-rules.ts";

/** Better Auth's pending sign-in: set by the password step for a member with two-factor on, 10 minutes. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=[^;]/;

/** Whether this browser has a password step waiting for its second factor. */
export function hasSignInChallenge(headers: Headers): boolean {
  return CHALLENGE_COOKIE.test(headers.get("cookie") ?? "");
}

/**
 * The second sign-in step (issue #15): a code from the authenticator app, or a backup code
 * (used up by this sign-in), for the challenge the password step left in a cookie. Limited per
 * client address like the password step; Better Auth also ends a challenge after 5 wrong codes
 * and locks the member's second factor for 15 minutes after 10 in a row. `trustDevice` marks
 * this browser for 30 days, so the password alone signs in there. Returns Set-Cookie headers.
 */
export async function verifyTwoFactorSignIn(options: { db: DbOrTx; code: string; trustDevice: boolean; clientIp: string; headers: Headers }) {
  const { db, code, trustDevice, headers } = options;
  await limitAuthAttempt({ db, action: "two-factor", clientIp: options.clientIp });
  const api = getAuth().api;
  try {
    const result = isAppCode(code)
      ? await api.verifyTOTP({ body: { code, trustDevice }, headers, returnHeaders: true })
      : await api.verifyBackupCode({ body: { code, trustDevice }, headers, returnHeaders: true });
    return { headers: result.headers, userId: result.response.user.id };
  } catch (error) {
    fromTwoFactorError(error, "any");
  }
}
