import { eq } from "drizzle-orm";
import { isAppCode } from "~/lib/validation/auth/two-factor";
import type { DbOrTx } from "../../db/client.ts";
import { session } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { consumeRateLimit } from "../../security/rate-limit.ts";
import { limitAuthAttempt } from "../accounts/limits.ts";
import { getAuth } from "../core/auth.ts";
import { findChallengeAccount } from "./sign-in-challenge.ts";
import { CHALLENGE_EXPIRED, fromTwoFactorError, WRONG_CODE } from "./two-factor-rules.ts";

/**
 * How long a used app code stays used. Better Auth accepts the codes of the current 30-second
 * step and of one step either side, so a code can be valid for up to 90 seconds.
 */
const USED_CODE_SECONDS = 90;

/** Better Auth's pending sign-in: set by the password step for a member with two-factor on, 10 minutes. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=[^;]/;

/** Whether this browser has a password step waiting for its second factor. */
export function hasSignInChallenge(headers: Headers): boolean {
  return CHALLENGE_COOKIE.test(headers.get("cookie") ?? "");
}

/**
 * The second sign-in step: a code from the authenticator app, or a backup code
 * (used up by this sign-in), for the challenge the password step left in a cookie. Wrong codes
 * slow whoever sends them: 20 tries per client address (IPv6 by /64) in 15 minutes, like the
 * password step, and Better Auth ends a challenge after 5 wrong codes (sign in again). Only
 * TWO_FACTOR_ACCOUNT_FAILURES wrong codes in a row, from anywhere, lock the account's second
 * step, for 15 minutes; the refusal says how long is left. `trustDevice` marks this browser for
 * 30 days, so the password alone signs in there: for members only, staff always give a code.
 * Returns Set-Cookie headers.
 */
export async function verifyTwoFactorSignIn(options: {
  db: DbOrTx;
  code: string;
  trustDevice: boolean;
  clientIp: string;
  headers: Headers;
}) {
  const { db, code, headers } = options;
  await limitAuthAttempt({ db, action: "two-factor", clientIp: options.clientIp });
  // Without the password step's challenge Better Auth would check the code against the browser's
  // session instead (its set-up path): no 5-try limit, and a replayed code would end that session.
  if (!hasSignInChallenge(headers)) throw new AppError("UNAUTHORIZED", CHALLENGE_EXPIRED);
  const challenge = await findChallengeAccount({ db, headers });
  const trustDevice = options.trustDevice && challenge?.staff !== true;
  const api = getAuth().api;
  try {
    if (!isAppCode(code)) {
      const result = await api.verifyBackupCode({ body: { code, trustDevice }, headers, returnHeaders: true });
      return { headers: result.headers, userId: result.response.user.id };
    }
    const result = await api.verifyTOTP({ body: { code, trustDevice }, headers, returnHeaders: true });
    const userId = result.response.user.id;
    await refuseReplayedCode({ db, userId, code, token: result.response.token });
    return { headers: result.headers, userId };
  } catch (error) {
    fromTwoFactorError(error, "any", { lockedUntil: challenge?.lockedUntil });
  }
}

/**
 * An app code signs in once (RFC 6238 §5.2). Better Auth forgets a code as soon as it has
 * accepted it, so whoever watched the member type it (over a shoulder, through a phishing page
 * that relays the password) could use it again within its 90 seconds. The first use of a code
 * by a member is counted in the shared rate-limit table, atomically on every instance; a later
 * use ends the session Better Auth just opened (its cookie never leaves this function) and is
 * answered like a wrong code.
 */
async function refuseReplayedCode(options: { db: DbOrTx; userId: string; code: string; token: string }) {
  const { db, userId, code, token } = options;
  const use = await consumeRateLimit({
    db,
    key: `two-factor-code-used:${userId}:${code}`,
    limit: 1,
    windowSeconds: USED_CODE_SECONDS,
  });
  if (use.allowed) return;
  // Without its cookie the session is unusable anyway; deleting it keeps the devices list true.
  await db.delete(session).where(eq(session.token, token));
  throw new AppError("VALIDATION", WRONG_CODE, { fieldErrors: { code: WRONG_CODE } });
}
