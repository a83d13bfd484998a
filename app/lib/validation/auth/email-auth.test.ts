import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { changeEmailSchema, ENTER_CODE, NO_EMAIL_OR_PHONE, SIGN_IN_CODE_DIGITS, signInCodeSchema } from "./email-auth";

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};
const longEmail = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

describe("the one-time code's words", () => {
  it("are the one-time code screen's", () => {
    expect(NO_EMAIL_OR_PHONE).toBe("You must provide either an email or phone number.");
    expect(SIGN_IN_CODE_DIGITS).toBe(6);
    expect(ENTER_CODE).toBe("Enter the 6-digit code from the email");
  });
});

describe("signInCodeSchema: /signin/code", () => {
  it("sends a code by default, to the trimmed address", () => {
    expect(signInCodeSchema.parse({ email: " ada@example.com " })).toStrictEqual({
      intent: "send",
      email: "ada@example.com",
    });
    // A code typed before asking for one is not checked yet.
    expect(
      signInCodeSchema.parse({ intent: "send", email: "ada@example.com", code: "12", redirectTo: "/plans" }),
    ).toStrictEqual({
      intent: "send",
      email: "ada@example.com",
      code: "12",
      redirectTo: "/plans",
    });
  });

  it("signs in with exactly 6 digits, trimmed", () => {
    expect(signInCodeSchema.parse({ intent: "verify", email: "ada@example.com", code: " 012345 " })).toStrictEqual({
      intent: "verify",
      email: "ada@example.com",
      code: "012345",
    });
    for (const code of [undefined, "", "12345", "1234567", "a123456", "123456a", "12345a", "123 456"]) {
      expect(issuesOf(signInCodeSchema, { intent: "verify", email: "ada@example.com", code }), String(code)).toEqual([
        { path: "code", message: "Enter the 6-digit code from the email" },
      ]);
    }
  });

  it("asks for an address when there is none, and a valid one of at most 255 characters", () => {
    for (const email of [undefined, "", "   "]) {
      expect(issuesOf(signInCodeSchema, { email }), String(email)).toEqual([
        { path: "email", message: "You must provide either an email or phone number." },
      ]);
    }
    expect(issuesOf(signInCodeSchema, { email: "ada@" })).toEqual([
      { path: "email", message: "Please enter a valid email address" },
    ]);
    expect(signInCodeSchema.parse({ email: ` ${longEmail(255)} ` }).email).toBe(longEmail(255));
    expect(issuesOf(signInCodeSchema, { email: longEmail(256) })).toEqual([
      { path: "email", message: "Email must be less than 255 characters" },
    ]);
  });

  it("refuses another button", () => {
    for (const intent of ["", "resend", "Verify"]) {
      expect(
        issuesOf(signInCodeSchema, { intent, email: "ada@example.com" }).map((issue) => issue.path),
        intent,
      ).toEqual(["intent"]);
    }
  });
});

describe("changeEmailSchema: the new address", () => {
  it("is trimmed, valid and at most 255 characters", () => {
    expect(changeEmailSchema.parse({ email: " new@example.com " })).toStrictEqual({ email: "new@example.com" });
    expect(changeEmailSchema.parse({ email: longEmail(255) }).email).toBe(longEmail(255));
    for (const email of [undefined, "", "new@", "new example@example.com"]) {
      expect(issuesOf(changeEmailSchema, { email }), String(email)).toEqual([
        { path: "email", message: "Please enter a valid email address" },
      ]);
    }
    expect(issuesOf(changeEmailSchema, { email: longEmail(256) })).toEqual([
      { path: "email", message: "Email must be less than 255 characters" },
    ]);
  });
});
