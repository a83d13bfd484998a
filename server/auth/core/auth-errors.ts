import { isAPIError } from "better-auth/api";
import { AppError } from "../../lib/errors.ts";

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
