import { describe, expect, it } from "vitest";
import { fieldErrors } from "../fields";
import { contactSchema } from "./contact";

const valid = { name: "Ada", email: "ada@example.com", telegram: "", message: "Hello" };
const errorsOf = (input: Record<string, unknown>) => {
  const r = contactSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe("contactSchema", () => {
  it("trims values and turns an empty telegram into undefined", () => {
    const r = contactSchema.parse({ ...valid, name: "  Ada  ", email: " ada@example.com ", message: " Hi " });
    expect(r).toEqual({ name: "Ada", email: "ada@example.com", telegram: undefined, message: "Hi" });
  });

  it("gives each field's message", () => {
    expect(errorsOf({ ...valid, name: "   " }).name).toBe("Name is required");
    expect(errorsOf({ ...valid, name: "x".repeat(101) }).name).toBe("Name must be less than 100 characters");
    expect(errorsOf({ ...valid, email: "not-an-email" }).email).toBe("Invalid email address");
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@example.com` }).email).toBe(
      "Email must be less than 255 characters",
    );
    expect(errorsOf({ ...valid, telegram: "t".repeat(101) }).telegram).toBe(
      "Telegram must be less than 100 characters",
    );
    expect(errorsOf({ ...valid, message: "" }).message).toBe("Message is required");
    expect(errorsOf({ ...valid, message: "m".repeat(2001) }).message).toBe("Message must be less than 2000 characters");
  });

  it("accepts the limits exactly", () => {
    expect(
      contactSchema.safeParse({
        name: "x".repeat(100),
        email: "a@b.co",
        telegram: `@t${"x".repeat(31)}`,
        message: "m".repeat(2000),
      }).success,
    ).toBe(true);
  });

  it("takes a Telegram username by the sign-up's rule and message, kept as @username", () => {
    const rule = "Enter your Telegram username: 5–32 letters, digits or underscores, starting with a letter";
    expect(errorsOf({ ...valid, telegram: "Vera Visitor" }).telegram).toBe(rule);
    expect(errorsOf({ ...valid, telegram: "@abc" }).telegram).toBe(rule);
    expect(errorsOf({ ...valid, telegram: `t${"x".repeat(32)}` }).telegram).toBe(rule);
    expect(errorsOf({ ...valid, telegram: "9lives" }).telegram).toBe(rule);
    expect(contactSchema.parse({ ...valid, telegram: " gracehopper " }).telegram).toBe("@gracehopper");
    expect(contactSchema.parse({ ...valid, telegram: "@grace_hopper" }).telegram).toBe("@grace_hopper");
    expect(contactSchema.parse({ ...valid, telegram: "   " }).telegram).toBeUndefined();
  });

  it("reports a missing field as required, not as a type error", () => {
    expect(errorsOf({ email: "a@b.co", message: "x" }).name).toBe("Name is required");
  });
});
