import { describe, expect, it } from "vitest";
import { fieldErrors } from "../fields";
import { forgotPasswordSchema, INVALID_LINK, resetPasswordSchema, signInSchema, signUpSchema } from "./auth";

// Expected messages are written out here, never taken from the module.
const errorsOf = (result: { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? {} : fieldErrors(result.error);

describe("signUpSchema (every field required, both checkboxes ticked)", () => {
  const valid = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    password: "Abcdefg1",
    telegram: "ada_lovelace",
    acceptTerms: "on",
    acceptRisk: "on",
  };
  const signUp = (change: Record<string, unknown>) => signUpSchema.safeParse({ ...valid, ...change });

  it("accepts a complete form, trimmed, with both boxes ticked", () => {
    expect(
      signUpSchema.parse({ ...valid, firstName: " Ada ", lastName: " Lovelace ", email: " ada@example.com " }),
    ).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      password: "Abcdefg1",
      telegram: "ada_lovelace",
      acceptTerms: true,
      acceptRisk: true,
    });
  });

  it("names the missing field", () => {
    expect(errorsOf(signUp({ firstName: "  " }))).toEqual({ firstName: "First name is required" });
    expect(errorsOf(signUp({ lastName: "" }))).toEqual({ lastName: "Last name is required" });
    expect(errorsOf(signUp({ email: "ada@" }))).toEqual({ email: "Please enter a valid email address" });
    expect(errorsOf(signUp({ password: undefined }))).toEqual({ password: "Password is required" });
  });

  describe("the two checkboxes", () => {
    it('count as ticked when a form posts "on", JSON sends true, or a string says "true"', () => {
      for (const ticked of ["on", true, "true"]) {
        expect(signUp({ acceptTerms: ticked, acceptRisk: ticked }).success, String(ticked)).toBe(true);
      }
    });

    it('are refused unticked (absent, false, "off", "") with their own message', () => {
      for (const unticked of [undefined, false, "off", "", "false", 1]) {
        expect(errorsOf(signUp({ acceptTerms: unticked })), String(unticked)).toEqual({
          acceptTerms: "Please accept the Terms of Service and Privacy Policy",
        });
        expect(errorsOf(signUp({ acceptRisk: unticked })), String(unticked)).toEqual({
          acceptRisk: "Please confirm you will only trade with money you can afford to lose",
        });
      }
    });
  });

  describe('the Telegram username (5–32 letters, digits or underscores, starting with a letter; "@" optional)', () => {
    const FORMAT = "Enter your Telegram username: 5–32 letters, digits or underscores, starting with a letter";
    const telegram = (value: unknown) => signUp({ telegram: value });

    it("is stored without the leading @ and the surrounding spaces", () => {
      expect(signUpSchema.parse({ ...valid, telegram: "@ada_lovelace" }).telegram).toBe("ada_lovelace");
      expect(signUpSchema.parse({ ...valid, telegram: "  @Ada_Lovelace1 " }).telegram).toBe("Ada_Lovelace1");
    });

    it("accepts 5 and 32 characters", () => {
      expect(telegram("adala").success).toBe(true);
      expect(telegram(`a${"b".repeat(31)}`).success).toBe(true);
    });

    it("is required", () => {
      for (const value of [undefined, "", "   "]) {
        expect(errorsOf(telegram(value)), String(value)).toEqual({ telegram: "Telegram username is required" });
      }
    });

    it("refuses what Telegram would not accept as a username", () => {
      for (const value of [
        "ada",
        "adal",
        `a${"b".repeat(32)}`,
        "1ada_lovelace",
        "_ada_lovelace",
        "ada lovelace",
        "ada-lovelace",
        "ada_lovelace!",
        "ada@lovelace",
        "@@ada_lovelace",
      ]) {
        expect(errorsOf(telegram(value)), value).toEqual({ telegram: FORMAT });
      }
    });
  });
});

describe("signInSchema (email and password are required)", () => {
  it("passes the email trimmed and the password as typed", () => {
    expect(signInSchema.parse({ email: " ada@example.com ", password: " secret " })).toEqual({
      email: "ada@example.com",
      password: " secret ",
    });
  });

  it("asks for a missing or blank email and a missing or empty password", () => {
    expect(errorsOf(signInSchema.safeParse({}))).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(errorsOf(signInSchema.safeParse({ email: "   ", password: "" }))).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });
});

describe("forgotPasswordSchema (the email must be valid)", () => {
  it("accepts a valid email and refuses anything else with its message", () => {
    expect(forgotPasswordSchema.parse({ email: " ada@example.com " })).toEqual({ email: "ada@example.com" });
    for (const email of [undefined, "", "ada", "ada@", "@example.com"]) {
      expect(errorsOf(forgotPasswordSchema.safeParse({ email })), String(email)).toEqual({
        email: "Please enter a valid email address",
      });
    }
  });
});

describe("resetPasswordSchema (the two entries must match; a dead link is an invalid link)", () => {
  const reset = (change: Record<string, unknown>) =>
    resetPasswordSchema.safeParse({
      token: "a-long-reset-token",
      password: "Abcdefg1",
      confirm: "Abcdefg1",
      ...change,
    });

  it("accepts a token and a good password typed twice", () => {
    expect(reset({})).toEqual({
      success: true,
      data: { token: "a-long-reset-token", password: "Abcdefg1", confirm: "Abcdefg1" },
    });
  });

  it("refuses two different entries under the confirmation field", () => {
    expect(errorsOf(reset({ confirm: "Abcdefg2" }))).toEqual({ confirm: "Passwords don't match" });
  });

  it("calls a link without a token invalid or expired", () => {
    expect(errorsOf(reset({ token: "" }))).toEqual({ token: "Invalid or expired link" });
  });
});

describe("INVALID_LINK (the title of a dead reset link)", () => {
  it("is the title a dead reset link shows", () => {
    expect(INVALID_LINK).toBe("Invalid or expired link");
  });
});
