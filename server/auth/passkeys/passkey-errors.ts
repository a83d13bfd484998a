import { isAPIError } from "better-auth/api";
import { AppError } from "../../lib/errors.ts";
import { TOO_MANY } from "../accounts/limits.ts";
import { refuseBannedSignIn } from "../core/auth-errors.ts";

export const PASSKEY_NOT_FOUND = "Passkey not found.";
export const PASSKEY_SIGN_IN_FAILED =
  "Your passkey could not be verified. Try again or sign in with your email and password.";
export const PASSKEY_NOT_ADDED = "The passkey could not be added. Please try again.";
export const PASSKEY_NEEDS_FRESH_SIGN_IN = "For your security, sign out and sign in again before adding a passkey.";
export const PASSKEY_CHALLENGE_EXPIRED = "The passkey request expired. Please try again.";

/** Better Auth's error `code` (e.g. "SESSION_NOT_FRESH", "CHALLENGE_NOT_FOUND"), if it is one of its errors. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Better Auth's refusals as ours: its 429 as RATE_LIMITED, a missing challenge as expired, the rest
 * as `fallback`. Anything that is not one of its errors (our own AppError included) is rethrown as is.
 */
export function passkeyRefusal(error: unknown, fallback: AppError): never {
  if (!isAPIError(error)) throw error;
  refuseBannedSignIn(error);
  if (error.statusCode === 429) throw new AppError("RATE_LIMITED", TOO_MANY);
  if (authErrorCode(error) === "CHALLENGE_NOT_FOUND") throw new AppError(fallback.code, PASSKEY_CHALLENGE_EXPIRED);
  throw fallback;
}
