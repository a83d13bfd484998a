import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { fromAuthError } from "./auth-errors.ts";

const fallback = { code: "VALIDATION", message: "That did not work. Please try again." } as const;

/** What fromAuthError threw (it always throws). */
function thrownBy(error: unknown) {
  try {
    fromAuthError(error, fallback);
  } catch (thrown) {
    return thrown;
  }
  throw new Error("fromAuthError returned");
}

describe("Better Auth's errors as ours", () => {
  it("our own errors and anything that is not Better Auth's pass through unchanged", () => {
    const ours = new AppError("CONFLICT", "Already done.");
    expect(thrownBy(ours)).toBe(ours);
    const crash = new Error("connection refused");
    expect(thrownBy(crash)).toBe(crash);
  });

  it("a 429 is RATE_LIMITED with the usual message, whatever Better Auth said", () => {
    const thrown = thrownBy(new APIError("TOO_MANY_REQUESTS", { message: "Too many requests" }));
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: "RATE_LIMITED", message: "Too many requests. Please try again later." });
  });

  it("a refusal keeps Better Auth's message under the caller's code; a server fault or no message gets the caller's", () => {
    expect(thrownBy(new APIError("BAD_REQUEST", { message: "Invalid token" }))).toMatchObject({
      code: "VALIDATION",
      message: "Invalid token",
    });
    expect(thrownBy(new APIError("INTERNAL_SERVER_ERROR", { message: "Failed to create user" }))).toMatchObject({
      code: "VALIDATION",
      message: "That did not work. Please try again.",
    });
    expect(thrownBy(new APIError("BAD_REQUEST"))).toMatchObject({
      code: "VALIDATION",
      message: "That did not work. Please try again.",
    });
  });
});
