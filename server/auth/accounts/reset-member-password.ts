import { and, eq, gt } from "drizzle-orm";
import { INVALID_LINK } from "~/lib/validation/auth/auth";
import type { Db } from "../../db/client.ts";
import { verification } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { fromAuthError } from "../core/auth-errors.ts";
import { getAuth } from "../core/auth.ts";
import { limitAuthAttempt } from "./limits.ts";

export { INVALID_LINK };

/** Whether a reset token from a link is still usable (unused and under an hour old). */
export async function isResetTokenValid(options: { db: Db; token: string }) {
  if (!options.token) return false;
  const [row] = await options.db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${options.token}`), gt(verification.expiresAt, new Date())));
  return Boolean(row);
}

/** Sets the new password with a one-time token; Better Auth then ends every session of the member. */
export async function resetMemberPassword(options: { db: Db; token: string; password: string; clientIp: string }) {
  await limitAuthAttempt({ db: options.db, action: "reset-password", clientIp: options.clientIp });
  try {
    await getAuth().api.resetPassword({ body: { token: options.token, newPassword: options.password } });
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === "INVALID_TOKEN") throw new AppError("VALIDATION", INVALID_LINK);
    fromAuthError(error, { code: "VALIDATION", message: "Failed to reset password. Please try again." });
  }
}
