import { isAppCode } from "~/lib/validation/auth/two-factor";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { keepOnlyThisSession } from "../sessions/keep-only-this-session.ts";
import { fromTwoFactorError, isTwoFactorOn, limitTwoFactorSettings, NOT_ON } from "./two-factor-rules.ts";

/**
 * Turning two-factor off takes the password AND a current code from the app or a
 * backup code, checked in that order (a wrong password spends no backup code). The secret and
 * the backup codes are deleted, this browser's trusted-device mark is dropped, and every other
 * session of the member ends (this browser gets a new session cookie: forward `headers`).
 */
export async function turnOffTwoFactor(options: {
  db: DbOrTx;
  userId: string;
  password: string;
  code: string;
  headers: Headers;
}) {
  const { db, userId, password, code, headers } = options;
  await limitTwoFactorSettings({ db, userId });
  if (!(await isTwoFactorOn({ db, userId }))) throw new AppError("CONFLICT", NOT_ON);
  const auth = getAuth();
  let result;
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
    if (isAppCode(code)) await auth.api.verifyTOTP({ body: { code }, headers });
    else await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
    result = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
  } catch (error) {
    fromTwoFactorError(error, "any");
  }
  await keepOnlyThisSession({ requestHeaders: headers, answerHeaders: result.headers });
  return { headers: result.headers };
}
