import { eq } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { refuseBannedSignIn } from "../core/auth-errors.ts";
import { getAuth } from "../core/auth.ts";
import { withoutTrustedDevice } from "../two-factor/sign-in-challenge.ts";
import { clearSignInFailures, enforceSignInDelay, limitAuthAttempt, recordSignInFailure } from "./limits.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * Email + password sign-in; one answer for a wrong email and a wrong password. Returns
 * Set-Cookie headers, and `twoFactorRequired` when the member must still give a second factor.
 * Limited per client address, and slowed per email and address after repeated failures (never
 * a lock on the email itself).
 */
export async function signInMember(options: {
  db: Db;
  email: string;
  password: string;
  clientIp: string;
  headers: Headers;
}) {
  const { db, email, clientIp } = options;
  await limitAuthAttempt({ db, action: "sign-in", clientIp });
  await enforceSignInDelay({ db, email, clientIp });
  const [account] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  let result;
  try {
    result = await getAuth().api.signInEmail({
      body: { email: email.trim().toLowerCase(), password: options.password },
      // Staff always give a second factor: a device trusted for the member's sign-in is not
      // trusted for theirs, whenever it was trusted.
      headers: isStaffRole(account?.role) ? withoutTrustedDevice(options.headers) : options.headers,
      returnHeaders: true,
    });
  } catch (error) {
    // The password was right but the account is banned: said plainly, and not counted as a guess.
    refuseBannedSignIn(error);
    await recordSignInFailure({ db, email, clientIp });
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
  await clearSignInFailures({ db, email, clientIp });
  // Two-factor on: no session yet, only Better Auth's challenge cookie for the
  // second step (/signin/two-factor), unless this browser is trusted (members only).
  const answer: { twoFactorRedirect?: boolean; user?: { id: string } } = result.response;
  if (answer.twoFactorRedirect) return { headers: result.headers, userId: account!.id, twoFactorRequired: true };
  return { headers: result.headers, userId: answer.user!.id, twoFactorRequired: false };
}
