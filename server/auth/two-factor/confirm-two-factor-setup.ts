import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { keepOnlyThisSession } from "../sessions/keep-only-this-session.ts";
import { ALREADY_ON, fromTwoFactorError, isTwoFactorOn, limitTwoFactorSettings } from "./two-factor-rules.ts";

/**
 * Turning two-factor on, second step: a code from the app proves it holds the new
 * secret; only then is two-factor on. Every other session of the member ends (this browser gets
 * a new session cookie: forward `headers`), and the ten backup codes are returned to be shown once.
 */
export async function confirmTwoFactorSetup(options: { db: DbOrTx; userId: string; code: string; headers: Headers }) {
  const { db, userId } = options;
  await limitTwoFactorSettings({ db, userId });
  // Once on, the codes are never shown again: new ones need the password (regenerateBackupCodes).
  if (await isTwoFactorOn({ db, userId })) throw new AppError("CONFLICT", ALREADY_ON);
  const auth = getAuth();
  let result;
  try {
    result = await auth.api.verifyTOTP({ body: { code: options.code }, headers: options.headers, returnHeaders: true });
  } catch (error) {
    fromTwoFactorError(error, "app");
  }
  await keepOnlyThisSession({ requestHeaders: options.headers, answerHeaders: result.headers });
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return { headers: result.headers, backupCodes };
}
