import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { enforceRateLimit } from "../../security/rate-limit.ts";
import { fromAuthError, refuseBannedSignIn } from "../core/auth-errors.ts";

// What the Security card and the second sign-in screen say when they refuse.
export const WRONG_PASSWORD = "Password is incorrect.";
export const WRONG_APP_CODE = "That code is not correct. Enter the current 6-digit code from your authenticator app.";
export const WRONG_CODE =
  "That code is not correct. Enter the current code from your authenticator app or an unused backup code.";
export const CHALLENGE_EXPIRED = "Your sign-in has expired. Please sign in again.";
export const TOO_MANY_CODES = "Too many wrong codes. Please sign in again.";
/** The lock's words: how long is left, in minutes. */
export const twoFactorLocked = (minutes: number) =>
  `Too many wrong codes. Two-factor sign-in is locked; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
/** A step that needs the second factor when it is on, asked without one. */
export const CODE_NEEDED =
  "Two-factor authentication is on: enter a code from your authenticator app or a backup code.";
export const ALREADY_ON = "Two-factor authentication is already on.";
export const NOT_ON = "Two-factor authentication is not on.";
export const SETUP_NOT_STARTED = "Start again: enter your password to get a new QR code.";

/**
 * Wrong second-factor codes in a row, across challenges, factors and addresses, before the
 * account's second step locks for TWO_FACTOR_LOCK_SECONDS (Better Auth's account lockout, whose
 * default of 10 let anyone with the password lock the member out at will). High on purpose: a
 * challenge allows 5 codes and an address 20 tries in 15 minutes, so reaching it takes the
 * password, 20 sign-ins and several networks, while it still bounds guessing spread over many
 * addresses (docs/decisions/062-staff-second-factor-and-address-key.md).
 */
export const TWO_FACTOR_ACCOUNT_FAILURES = 100;
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;

/**
 * Changing two-factor settings tests a password and codes: 10 tries per member in 15 minutes,
 * shared by turning on, confirming, new backup codes and turning off.
 */
export async function limitTwoFactorSettings(options: { db: DbOrTx; userId: string }) {
  await enforceRateLimit({
    db: options.db,
    key: `two-factor-settings:${options.userId}`,
    limit: 10,
    windowSeconds: 15 * 60,
  });
}

/**
 * Better Auth's two-factor refusals as ours: `code` tells which code was asked for; `lockedUntil`,
 * when known, is the end of the account's lock, so a refusal asks for the wait that is left.
 */
export function fromTwoFactorError(
  error: unknown,
  code: "app" | "any",
  lock: { lockedUntil?: Date | null; now?: Date } = {},
): never {
  refuseBannedSignIn(error);
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
      case "ACCOUNT_TEMPORARILY_LOCKED": {
        const seconds = lockSecondsLeft(lock);
        throw new AppError("RATE_LIMITED", twoFactorLocked(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
      }
      case "TOTP_ALREADY_ENABLED":
        throw new AppError("CONFLICT", ALREADY_ON);
      case "TWO_FACTOR_NOT_ENABLED":
        throw new AppError("CONFLICT", NOT_ON);
      case "TOTP_NOT_ENABLED":
        throw new AppError("CONFLICT", SETUP_NOT_STARTED);
    }
  }
  fromAuthError(error, {
    code: "VALIDATION",
    message: "Two-factor authentication could not be changed. Please try again.",
  });
}

/** Whether the member's sign-in asks for a second factor now. */
export async function isTwoFactorOn(options: { db: DbOrTx; userId: string }): Promise<boolean> {
  const [row] = await options.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, options.userId));
  return row?.on === true;
}

/** Seconds until the lock ends, at least 1; the whole lock when its end is unknown. */
function lockSecondsLeft(lock: { lockedUntil?: Date | null; now?: Date }): number {
  if (!lock.lockedUntil) return TWO_FACTOR_LOCK_SECONDS;
  const left = Math.ceil((lock.lockedUntil.getTime() - (lock.now ?? new Date()).getTime()) / 1000);
  return Math.min(TWO_FACTOR_LOCK_SECONDS, Math.max(1, left));
}
