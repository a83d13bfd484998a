import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";
import { fromAuthError } from "./auth-errors.ts";

// What the Security card and the second sign-in screen say when they refuse (issue #15).
export const WRONG_PASSWORD = "Password is incorrect.";
export const WRONG_APP_CODE = "That code is not correct. Enter the current 6-digit code from your authenticator app.";
export const WRONG_CODE = "That code is not correct. Enter the current code from your authenticator app or an unused backup code.";
export const CHALLENGE_EXPIRED = "Your sign-in has expired. Please sign in again.";
export const TOO_MANY_CODES = "Too many wrong codes. Please sign in again.";
export const TWO_FACTOR_LOCKED = "Too many wrong codes. Two-factor sign-in is locked for 15 minutes.";
export const ALREADY_ON = "Two-factor authentication is already on.";
export const NOT_ON = "Two-factor authentication is not on.";
export const SETUP_NOT_STARTED = "Start again: enter your password to get a new QR code.";

/** Better Auth locks a second factor for 15 minutes after 10 wrong codes in a row. */
const LOCK_SECONDS = 15 * 60;

/**
 * Changing two-factor settings tests a password and codes: 10 tries per member in 15 minutes,
 * shared by turning on, confirming, new backup codes and turning off.
 */
export async function limitTwoFactorSettings(options: { db: DbOrTx; userId: string }) {
  await enforceRateLimit({ db: options.db, key: `two-factor-settings:${options.userId}`, limit: 10, windowSeconds: 15 * 60 });
}

/** Better Auth's two-factor refusals as ours: `code` tells which code was asked for. */
export function fromTwoFactorError(error: unknown, code: "app" | "any"): never {
  if (isAPIError(error)) {
    switch ((error.body as { code?: string } | undefined)?.code) {
      case "INVALID_PASSWORD":
        throw new AppError("VALIDATION", WRONG_PASSWORD, { fieldErrors: { password: WRONG_PASSWORD } });
      case "INVALID_CODE":
      case "INVALID_BACKUP_CODE": {
        const message = code === "app" ? WRONG_APP_CODE : WRONG_CODE;
        throw new AppError("VALIDATION", message, { fieldErrors: { code: message } });
      }
      case "INVALID_TWO_FACTOR_COOKIE":
        throw new AppError("UNAUTHORIZED", CHALLENGE_EXPIRED);
      case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
        throw new AppError("UNAUTHORIZED", TOO_MANY_CODES);
      case "ACCOUNT_TEMPORARILY_LOCKED":
        throw new AppError("RATE_LIMITED", TWO_FACTOR_LOCKED, { retryAfterSeconds: LOCK_SECONDS });
      case "TOTP_ALREADY_ENABLED":
        throw new AppError("CONFLICT", ALREADY_ON);
      case "TWO_FACTOR_NOT_ENABLED":
        throw new AppError("CONFLICT", NOT_ON);
      case "TOTP_NOT_ENABLED":
        throw new AppError("CONFLICT", SETUP_NOT_STARTED);
    }
  }
  fromAuthError(error, { code: "VALIDATION", message: "Two-factor authentication could not be changed. Please try again." });
}

/** Whether the member's sign-in asks for a second factor now. */
export async function isTwoFactorOn(options: { db: DbOrTx; userId: string }): Promise<boolean> {
  const [row] = await options.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, options.userId));
  return row?.on === true;
}
