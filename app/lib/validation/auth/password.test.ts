import { describe, expect, it } from "vitest";
import { changePasswordSchema } from "../dashboard/profile";
import { fieldErrors } from "../fields";
import { resetPasswordSchema, signUpSchema } from "./auth";
import { password, PASSWORD_HINT, passwordProblem } from "./password";

// Expected values are written out here, never taken from the module's constants: a policy
// weakened in password.ts must fail these tests.
describe("the password policy", () => {
  it("accepts 8 characters with an uppercase letter, a lowercase letter and a digit", () => {
    expect(passwordProblem("Abcdefg1")).toBeNull();
    expect(passwordProblem("1aB45678")).toBeNull();
  });

  it.each([
    ["Abcde1", "Password must be at least 8 characters"],
    ["Abcdef1", "Password must be at least 8 characters"],
    ["", "Password must be at least 8 characters"],
  ])("refuses %j: too short", (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each([
    ["Abcdefgh", "Password must contain at least one number"],
    ["ABCDEFGHij", "Password must contain at least one number"],
    ["abcdefg1", "Password must contain at least one uppercase letter"],
    ["ABCDEFG1", "Password must contain at least one lowercase letter"],
  ])("refuses %j", (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it.each([
    ["Cyrillic", "Пароль123"],
    ["Greek", "Κωδικός123"],
    ["accented Latin", "Élégant99"],
    ["accented capital, plain rest", "Ñandú2024"],
    ["uppercase from one alphabet, lowercase from another", "Жpassword1"],
    ["a titlecase letter as the uppercase one", "ǅungla123"],
  ])("counts letters of any alphabet: %s %j", (_, password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  it.each([
    ["Cyrillic, lowercase only", "пароль123", "Password must contain at least one uppercase letter"],
    ["Greek, uppercase only", "ΚΩΔΙΚΟΣ123", "Password must contain at least one lowercase letter"],
    ["accented, no digit", "Éléganteé", "Password must contain at least one number"],
    [
      "letters without case count as neither",
      "密码密码密码密码1",
      "Password must contain at least one uppercase letter",
    ],
    ["seven characters, one of them outside the BMP", "Aa1𝒜bcd", "Password must be at least 8 characters"],
  ])("still applies each rule to other alphabets: %s %j", (_, password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it("refuses more than 128 characters", () => {
    expect(passwordProblem(`Aa1${"x".repeat(125)}`)).toBeNull();
    expect(passwordProblem(`Aa1${"x".repeat(126)}`)).toBe("Password must be at most 128 characters");
  });
});

describe("every form that sets a password applies the policy", () => {
  const signUp = (password: string) =>
    signUpSchema.safeParse({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      password,
      telegram: "ada_lovelace",
      acceptTerms: "on",
      acceptRisk: "on",
    });
  const reset = (password: string) => resetPasswordSchema.safeParse({ token: "t", password, confirm: password });
  const change = (password: string) =>
    changePasswordSchema.safeParse({ currentPassword: "Old-pass1", newPassword: password, confirmPassword: password });
  const problem = (result: ReturnType<typeof signUp | typeof reset | typeof change>) =>
    result.success ? null : Object.values(fieldErrors(result.error))[0];

  it.each([
    ["sign-up", signUp],
    ["reset", reset],
    ["change", change],
  ] as const)("%s: 7 characters and a missing digit are refused, 8 with a digit accepted", (_, parse) => {
    expect(problem(parse("Abcdef1"))).toBe("Password must be at least 8 characters");
    expect(problem(parse("Abcdefghij"))).toBe("Password must contain at least one number");
    expect(problem(parse("Abcdefg1"))).toBeNull();
    expect(problem(parse("Пароль123"))).toBeNull();
    expect(problem(parse("пароль123"))).toBe("Password must contain at least one uppercase letter");
  });
});

describe("the password field", () => {
  it("asks for a missing password rather than reporting a type error", () => {
    const r = password().safeParse(undefined);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((issue) => issue.message)).toEqual(["Password is required"]);
  });

  it("tells the policy next to the input: 8 characters, an uppercase and a lowercase letter, a number", () => {
    expect(PASSWORD_HINT).toBe("At least 8 characters with uppercase, lowercase, and number");
  });
});
