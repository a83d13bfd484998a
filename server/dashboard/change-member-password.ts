import { isAPIError } from "better-auth/api";
import { fromAuthError } from "../auth/core/auth-errors.ts";
import { getAuth } from "../auth/core/auth.ts";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";

/**
 * The dashboard's CHANGE PASSWORD: the current password must be right, the new one
 * meets the one policy (also enforced by the auth hook), and every other session of the member
 * is signed out. Returns the Set-Cookie headers of this browser's new session, which the
 * action must forward. Limited per member, since it tests a password.
 */
export async function changeMemberPassword(options: {
  db: DbOrTx;
  userId: string;
  currentPassword: string;
  newPassword: string;
  headers: Headers;
}): Promise<Headers> {
  const { db, userId, currentPassword, newPassword } = options;
  await enforceRateLimit({ db, key: `change-password:${userId}`, limit: 10, windowSeconds: 15 * 60 });
  try {
    const result = await getAuth().api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: options.headers,
      returnHeaders: true,
    });
    return result.headers;
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD") {
      throw new AppError("VALIDATION", WRONG_CURRENT_PASSWORD);
    }
    if (isAPIError(error) && error.statusCode === 401) throw new AppError("UNAUTHORIZED", "Please sign in again.");
    fromAuthError(error, { code: "VALIDATION", message: "Failed to change password. Please try again." });
  }
}
