import { and, eq, sql } from "drizzle-orm";
import { isAppCode } from "~/lib/validation/auth/two-factor";
import type { DbOrTx } from "../../db/client.ts";
import { account, user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { CODE_NEEDED, fromTwoFactorError } from "../two-factor/two-factor-rules.ts";

export const NO_PASSWORD =
  'Your account has no password yet. Set one with "Forgot password" on the sign-in page (we ' +
  "email you a link), then delete the account with it.";

/**
 * Proves the person at the keyboard owns the signed-in account before something that cannot be
 * undone: the account's password, and, when two-factor is on, a current code from the app or an
 * unused backup code too, checked in that order (a wrong password spends no backup code). An
 * account without a password (passkeys only) is asked to set one through the emailed reset link
 * first: that proves the mailbox as well, where a passkey alone would let a borrowed, unlocked
 * device delete the account.
 */
export async function confirmAccountOwner(options: {
  db: DbOrTx;
  userId: string;
  password: string;
  code: string | undefined;
  headers: Headers;
}) {
  const { db, userId, password, code, headers } = options;
  const [row] = await db
    .select({ twoFactor: user.twoFactorEnabled, hasPassword: sql<boolean>`${account.password} is not null` })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(eq(user.id, userId));
  if (!row) throw new AppError("UNAUTHORIZED", "Please sign in again.");
  if (!row.hasPassword) throw new AppError("CONFLICT", NO_PASSWORD);
  if (row.twoFactor && !code) throw new AppError("VALIDATION", CODE_NEEDED, { fieldErrors: { code: CODE_NEEDED } });
  const auth = getAuth();
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
    if (row.twoFactor && code) {
      if (isAppCode(code)) await auth.api.verifyTOTP({ body: { code }, headers });
      else await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
    }
  } catch (error) {
    fromTwoFactorError(error, "any");
  }
}
