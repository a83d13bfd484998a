import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { getAuth } from "./auth.ts";
import { clearSignInFailures, enforceSignInDelay, limitAuthAttempt, recordSignInFailure } from "./limits.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * Email + password sign-in; one answer for a wrong email and a wrong password. Returns
 * Set-Cookie headers. Limited per client address, and slowed per email and address after
 * repeated failures (never a lock on the email itself).
 */
export async function signInMember(options: { db: Db; email: string; password: string; clientIp: string; headers: Headers }) {
  const { db, email, clientIp } = options;
  await limitAuthAttempt({ db, action: "sign-in", clientIp });
  await enforceSignInDelay({ db, email, clientIp });
  let result;
  try {
    result = await getAuth().api.signInEmail({
      body: { email: email.trim().toLowerCase(), password: options.password },
      headers: options.headers,
      returnHeaders: true,
    });
  } catch {
    await recordSignInFailure({ db, email, clientIp });
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
  await clearSignInFailures({ db, email, clientIp });
  return { headers: result.headers, userId: result.response.user.id };
}
