import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { keepOnlyThisSession } from "../sessions/keep-only-this-session.ts";
import { fromTwoFactorError, isTwoFactorOn, limitTwoFactorSettings, NOT_ON } from "./two-factor-rules.ts";

/**
 * Ten new backup codes for the password; the old ones stop working. Every other
 * session of the member ends. The codes are returned to be shown once.
 */
export async function regenerateBackupCodes(options: {
  db: DbOrTx;
  userId: string;
  password: string;
  headers: Headers;
}) {
  const { db, userId } = options;
  await limitTwoFactorSettings({ db, userId });
  if (!(await isTwoFactorOn({ db, userId }))) throw new AppError("CONFLICT", NOT_ON);
  let result;
  try {
    result = await getAuth().api.generateBackupCodes({
      body: { password: options.password },
      headers: options.headers,
    });
  } catch (error) {
    fromTwoFactorError(error, "app");
  }
  await keepOnlyThisSession({ requestHeaders: options.headers });
  return { backupCodes: result.backupCodes };
}
