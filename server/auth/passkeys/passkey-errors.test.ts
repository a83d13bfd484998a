import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { authErrorCode, passkeyRefusal } from "./passkey-errors.ts";

const fallback = new AppError("VALIDATION", "The passkey could not be added. Please try again.");

/** What passkeyRefusal threw (it always throws). */
function refusal(error: unknown) {
  try {
    passkeyRefusal(error, fallback);
  } catch (thrown) {
    return thrown;
  }
  throw new Error("passkeyRefusal returned");
}

describe("Better Auth's error code", () => {
  it("is read only from Better Auth's own errors, and only when it is a string", () => {
    expect(
      authErrorCode(new APIError("FORBIDDEN", { code: "SESSION_NOT_FRESH", message: "Session is not fresh" })),
    ).toBe("SESSION_NOT_FRESH");
    // Something else with the same shape is not Better Auth speaking.
    expect(authErrorCode({ body: { code: "SESSION_NOT_FRESH" } })).toBeUndefined();
    expect(authErrorCode(new APIError("BAD_REQUEST", { code: 42 as unknown as string }))).toBeUndefined();
    expect(authErrorCode(new APIError("BAD_REQUEST"))).toBeUndefined();
  });
});

describe("a passkey refusal", () => {
  it("our own errors and anything that is not Better Auth's pass through unchanged", () => {
    const ours = new AppError("RATE_LIMITED", "Too many requests. Please try again later.");
    expect(refusal(ours)).toBe(ours);
    const crash = new Error("connection refused");
    expect(refusal(crash)).toBe(crash);
  });

  it("Better Auth's 429 is our RATE_LIMITED with the usual message", () => {
    const thrown = refusal(new APIError("TOO_MANY_REQUESTS", { message: "Too many requests" }));
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: "RATE_LIMITED", message: "Too many requests. Please try again later." });
  });

  it("a missing challenge keeps the caller's code with the expired-request message; any other refusal is the caller's own", () => {
    const expired = refusal(
      new APIError("BAD_REQUEST", { code: "CHALLENGE_NOT_FOUND", message: "Challenge not found" }),
    );
    expect(expired).toMatchObject({ code: "VALIDATION", message: "The passkey request expired. Please try again." });
    expect(
      refusal(new APIError("UNAUTHORIZED", { code: "AUTHENTICATION_FAILED", message: "Authentication failed" })),
    ).toBe(fallback);
  });
});
