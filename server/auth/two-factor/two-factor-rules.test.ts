import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { fromTwoFactorError } from "./two-factor-rules.ts";

/** What fromTwoFactorError throws, as plain data (it always throws). */
function refusal(error: unknown, code: "app" | "any" = "any", lock?: Parameters<typeof fromTwoFactorError>[2]) {
  try {
    fromTwoFactorError(error, code, lock);
  } catch (thrown) {
    if (!(thrown instanceof AppError)) return thrown;
    return { code: thrown.code, message: thrown.message, details: thrown.details };
  }
  throw new Error("fromTwoFactorError returned");
}

// Better Auth's refusals as its two-factor plugin throws them (status and body code).
const betterAuth = (status: ConstructorParameters<typeof APIError>[0], code: string) =>
  new APIError(status, { code, message: `Better Auth: ${code}` });

describe("Better Auth's two-factor refusals as the member reads them", () => {
  it("a locked second factor is a 429 asking for the wait that is left of the lock, in seconds and in whole minutes", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const lockedFor = (ms: number) =>
      refusal(betterAuth("TOO_MANY_REQUESTS", "ACCOUNT_TEMPORARILY_LOCKED"), "any", {
        lockedUntil: new Date(now.getTime() + ms),
        now,
      });
    const locked = (seconds: number, minutes: string) => ({
      code: "RATE_LIMITED",
      message: `Too many wrong codes. Two-factor sign-in is locked; try again in ${minutes}.`,
      details: { retryAfterSeconds: seconds },
    });
    expect(lockedFor(15 * 60_000)).toEqual(locked(900, "15 minutes"));
    expect(lockedFor(100_000)).toEqual(locked(100, "2 minutes"));
    expect(lockedFor(60_000)).toEqual(locked(60, "1 minute"));
    expect(lockedFor(61_000)).toEqual(locked(61, "2 minutes"));
    // Part of a second left still asks for one; never more than the lock itself.
    expect(lockedFor(1)).toEqual(locked(1, "1 minute"));
    expect(lockedFor(-5_000)).toEqual(locked(1, "1 minute"));
    expect(lockedFor(20 * 60_000)).toEqual(locked(900, "15 minutes"));
    // The lock's end unknown: the whole 15 minutes.
    expect(refusal(betterAuth("TOO_MANY_REQUESTS", "ACCOUNT_TEMPORARILY_LOCKED"))).toEqual(locked(900, "15 minutes"));
  });

  it("already on, not on, and a confirmation without a started set-up are conflicts, each with its own words", () => {
    expect(refusal(betterAuth("BAD_REQUEST", "TOTP_ALREADY_ENABLED"))).toEqual({
      code: "CONFLICT",
      message: "Two-factor authentication is already on.",
      details: {},
    });
    expect(refusal(betterAuth("BAD_REQUEST", "TWO_FACTOR_NOT_ENABLED"))).toEqual({
      code: "CONFLICT",
      message: "Two-factor authentication is not on.",
      details: {},
    });
    expect(refusal(betterAuth("BAD_REQUEST", "TOTP_NOT_ENABLED"))).toEqual({
      code: "CONFLICT",
      message: "Start again: enter your password to get a new QR code.",
      details: {},
    });
  });

  it("any other refusal keeps Better Auth's message for people, or says the change failed when it has none or is a server error", () => {
    expect(refusal(betterAuth("BAD_REQUEST", "OTP_NOT_CONFIGURED"))).toEqual({
      code: "VALIDATION",
      message: "Better Auth: OTP_NOT_CONFIGURED",
      details: {},
    });
    const failed = {
      code: "VALIDATION",
      message: "Two-factor authentication could not be changed. Please try again.",
      details: {},
    };
    // A refusal without a body (no code to read) is not a crash.
    expect(refusal(new APIError("BAD_REQUEST"))).toEqual(failed);
    expect(
      refusal(
        new APIError("INTERNAL_SERVER_ERROR", {
          code: "FAILED_TO_CREATE_SESSION",
          message: "failed to create session",
        }),
      ),
    ).toEqual(failed);
  });

  it("an error that is not Better Auth's passes through unchanged, even when it carries a code Better Auth uses", () => {
    // e.g. a database or network error: never to be read as a wrong password.
    const foreign = Object.assign(new Error("connection reset"), { body: { code: "INVALID_PASSWORD" } });
    expect(refusal(foreign)).toBe(foreign);
  });
});
