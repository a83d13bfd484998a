import { describe, expect, it } from "vitest";
import { DELETE_CODE_INVALID, DELETE_PASSWORD_REQUIRED, deleteAccountSchema } from "./account";

const messages = (input: unknown) => {
  const r = deleteAccountSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((issue) => issue.message);
};

describe("deleteAccountSchema (the password, and a code when two-factor is on)", () => {
  it("takes the password alone, an empty code meaning none", () => {
    expect(deleteAccountSchema.parse({ password: "Analytical1" })).toEqual({ password: "Analytical1" });
    expect(deleteAccountSchema.parse({ password: "Analytical1", code: "  " })).toEqual({ password: "Analytical1" });
  });

  it("drops the spaces typed inside a code and keeps a backup code's dash", () => {
    expect(deleteAccountSchema.parse({ password: "x", code: "123 456" }).code).toBe("123456");
    expect(deleteAccountSchema.parse({ password: "x", code: "abcde-12345" }).code).toBe("abcde-12345");
  });

  it("asks for the password when it is missing or empty", () => {
    for (const password of [undefined, ""]) expect(messages({ password })).toEqual([DELETE_PASSWORD_REQUIRED]);
  });

  it("refuses a code longer than any code, or with control characters", () => {
    expect(messages({ password: "x", code: "1".repeat(33) })).toEqual([DELETE_CODE_INVALID]);
    expect(messages({ password: "x", code: "12\u000034" })).toEqual([DELETE_CODE_INVALID]);
  });

  it("answers an over-long password as incorrect, and refuses control characters in it", () => {
    expect(messages({ password: "a".repeat(129) })).toEqual(["Password is incorrect."]);
    expect(messages({ password: "a".repeat(128) })).toEqual([]);
    expect(messages({ password: "Analy\u0000tical1" })).toEqual(["Password contains characters that are not allowed"]);
  });

  it("answers fields that are not text with their field's message", () => {
    expect(messages({ password: 12345678 })).toEqual([DELETE_PASSWORD_REQUIRED]);
    expect(messages({ password: "x", code: 123456 })).toEqual([DELETE_CODE_INVALID]);
  });

  it("writes out the messages the member reads", () => {
    expect(DELETE_PASSWORD_REQUIRED).toBe("Enter your password to delete your account");
    expect(DELETE_CODE_INVALID).toBe("Enter the code from your authenticator app or a backup code");
  });
});
