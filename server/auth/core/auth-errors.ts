import { isAPIError } from "better-auth/api";
import { AppError } from "../../lib/errors.ts";

/** What a banned member is told when they sign in (password, code or passkey): the admin plugin's refusal. */
export const ACCOUNT_BANNED = "This account has been banned. If you think this is a mistake, contact support.";

/**
 * A banned member's sign-in as its own clear refusal (403), not "invalid email or password": Better
 * Auth refuses to open the session with the code BANNED_USER once the password (or code) was right.
 */
export function refuseBannedSignIn(error: unknown) {
  if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "BANNED_USER")
    throw new AppError("FORBIDDEN", ACCOUNT_BANNED);
}

/** Better Auth's errors as our domain errors, keeping its message when it is meant for people. */
export function fromAuthError(error: unknown, fallback: { code: AppError["code"]; message: string }): never {
  if (error instanceof AppError) throw error;
  if (isAPIError(error)) {
    const status = error.statusCode;
    const message = (error.body as { message?: string } | undefined)?.message;
    if (status === 429) throw new AppError("RATE_LIMITED", "Too many requests. Please try again later.");
    throw new AppError(fallback.code, message && status < 500 ? message : fallback.message);
  }
  throw error;
}
