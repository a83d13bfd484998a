import { describe, expect, it } from "vitest";
import { passedSecondFactor } from "./second-factor-plugin.ts";

const marked = (secondFactor: unknown) => ({ session: { session: { secondFactor } } });

describe("which new sessions passed a second factor", () => {
  it("those opened by an app code, a backup code or a passkey", () => {
    for (const path of [
      "/two-factor/verify-totp",
      "/two-factor/verify-backup-code",
      "/passkey/verify-authentication",
    ]) {
      expect(passedSecondFactor({ path }), path).toBe(true);
      expect(passedSecondFactor({ path, context: { session: null } }), path).toBe(true);
    }
  });

  it("not those opened by a password (trusted device or not), an email code, a sign-up or a passkey being added", () => {
    for (const path of [
      "/sign-in/email",
      "/sign-in/email-otp",
      "/sign-up/email",
      "/passkey/verify-registration",
      "/verify-email",
      "/two-factor/verify-otp",
    ]) {
      expect(passedSecondFactor({ path, context: { session: null } }), path).toBe(false);
    }
    expect(passedSecondFactor(undefined)).toBe(false);
    expect(passedSecondFactor(null)).toBe(false);
    expect(passedSecondFactor({})).toBe(false);
  });

  it("a session that replaces the request's own keeps what that one proved, no more", () => {
    expect(passedSecondFactor({ path: "/change-password", context: marked(true) })).toBe(true);
    expect(passedSecondFactor({ path: "/two-factor/disable", context: marked(true) })).toBe(true);
    for (const value of [false, undefined, "true", 1])
      expect(passedSecondFactor({ path: "/change-password", context: marked(value) }), String(value)).toBe(false);
  });
});
