import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  APP_CODE_REQUIRED,
  CODE_REQUIRED,
  isAppCode,
  PASSWORD_REQUIRED,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorPasswordSchema,
  twoFactorSignInSchema,
} from "./two-factor";

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("two-factor messages", () => {
  it("are the words the Security card and the sign-in screen show", () => {
    expect(PASSWORD_REQUIRED).toBe("Password is required");
    expect(APP_CODE_REQUIRED).toBe("Enter the 6-digit code from your authenticator app");
    expect(CODE_REQUIRED).toBe("Enter the code from your authenticator app or a backup code");
  });
});

describe("the account password (turn on, new backup codes, turn off)", () => {
  it("is required, kept exactly as typed, and at most 128 characters", () => {
    expect(twoFactorPasswordSchema.parse({ password: " Secret 1 " })).toStrictEqual({ password: " Secret 1 " });
    expect(twoFactorPasswordSchema.parse({ password: "p".repeat(128) }).password).toHaveLength(128);
    for (const password of [undefined, 12345678, ""]) {
      expect(issuesOf(twoFactorPasswordSchema, { password }), String(password)).toEqual([
        { path: "password", message: "Password is required" },
      ]);
    }
    // A longer one cannot be the account's: the policy caps passwords at 128.
    expect(issuesOf(twoFactorPasswordSchema, { password: "p".repeat(129) })).toEqual([
      { path: "password", message: "Password is incorrect." },
    ]);
  });
});

describe("twoFactorConfirmSchema: the 6-digit code from the app", () => {
  it("drops the spaces and dashes people type inside the code", () => {
    expect(twoFactorConfirmSchema.parse({ code: "123456" })).toStrictEqual({ code: "123456" });
    expect(twoFactorConfirmSchema.parse({ code: " 123 456 " }).code).toBe("123456");
    expect(twoFactorConfirmSchema.parse({ code: "12-34-56" }).code).toBe("123456");
    expect(twoFactorConfirmSchema.parse({ code: "1\t2\n3 4-5 6" }).code).toBe("123456");
  });

  it("refuses anything but exactly six digits", () => {
    for (const code of [
      undefined,
      123456,
      "",
      "   ",
      "12345",
      "1234567",
      "a123456",
      "123456a",
      "12345a",
      "abcde-12345",
      "123.456",
    ]) {
      expect(issuesOf(twoFactorConfirmSchema, { code }), String(code)).toEqual([
        { path: "code", message: "Enter the 6-digit code from your authenticator app" },
      ]);
    }
  });
});

describe("isAppCode: which check a code gets", () => {
  it("is true for six digits only; anything else must be a backup code", () => {
    expect(isAppCode("123456")).toBe(true);
    expect(isAppCode("000000")).toBe(true);
    for (const code of ["12345", "1234567", "x123456", "123456x", "12345x", "abcde-12345", ""])
      expect(isAppCode(code), code).toBe(false);
  });
});

describe("twoFactorDisableSchema: turning it off", () => {
  it("takes the password and an app code or a backup code, spaces dropped and a dash kept", () => {
    expect(twoFactorDisableSchema.parse({ password: "Secret1", code: " 123 456 " })).toStrictEqual({
      password: "Secret1",
      code: "123456",
    });
    expect(twoFactorDisableSchema.parse({ password: "Secret1", code: " abcde-12345\n" })).toStrictEqual({
      password: "Secret1",
      code: "abcde-12345",
    });
    expect(twoFactorDisableSchema.parse({ password: "Secret1", code: "c".repeat(32) }).code).toHaveLength(32);
  });

  it("names each missing part under its own field", () => {
    expect(issuesOf(twoFactorDisableSchema, {})).toEqual([
      { path: "password", message: "Password is required" },
      { path: "code", message: "Enter the code from your authenticator app or a backup code" },
    ]);
    for (const code of [42, "", " \t ", "c".repeat(33), ` ${"c".repeat(33)} `]) {
      expect(issuesOf(twoFactorDisableSchema, { password: "Secret1", code }), String(code)).toEqual([
        { path: "code", message: "Enter the code from your authenticator app or a backup code" },
      ]);
    }
  });
});

describe("twoFactorSignInSchema: the second sign-in screen", () => {
  it("takes the code, the trust box and where to go next", () => {
    expect(twoFactorSignInSchema.parse({ code: "123 456", trustDevice: "on", redirectTo: "/dashboard" })).toStrictEqual(
      {
        code: "123456",
        trustDevice: true,
        redirectTo: "/dashboard",
      },
    );
    expect(twoFactorSignInSchema.parse({ code: "abcde-12345" })).toStrictEqual({
      code: "abcde-12345",
      trustDevice: false,
    });
    expect(issuesOf(twoFactorSignInSchema, { code: "123456", redirectTo: 5 }).map((issue) => issue.path)).toEqual([
      "redirectTo",
    ]);
    expect(issuesOf(twoFactorSignInSchema, { code: "" })).toEqual([
      { path: "code", message: "Enter the code from your authenticator app or a backup code" },
    ]);
  });

  it('trusts the device only when the box is ticked (a form\'s "on", JSON true or "true")', () => {
    for (const trustDevice of [true, "on", "true"]) {
      expect(twoFactorSignInSchema.parse({ code: "123456", trustDevice }).trustDevice, String(trustDevice)).toBe(true);
    }
    for (const trustDevice of [undefined, false, "", "off", "false", "1", "yes", "ON", 1]) {
      expect(twoFactorSignInSchema.parse({ code: "123456", trustDevice }).trustDevice, String(trustDevice)).toBe(false);
    }
  });
});
