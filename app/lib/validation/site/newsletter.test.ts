import { describe, expect, it } from "vitest";
import { fieldErrors } from "../fields";
import { NEWSLETTER_EMAIL_MESSAGE, newsletterSchema } from "./newsletter";

const errorsOf = (input: unknown) => {
  const parsed = newsletterSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("newsletterSchema (the blog's subscribe form)", () => {
  it("keeps the address, trimmed", () => {
    expect(newsletterSchema.parse({ email: "  reader@example.com " })).toStrictEqual({ email: "reader@example.com" });
  });

  it("answers a missing, empty or invalid address in the form's own words", () => {
    expect(NEWSLETTER_EMAIL_MESSAGE).toBe("Please enter a valid email address");
    for (const email of [undefined, "", "   ", "reader", "reader@", "@example.com"]) {
      expect(errorsOf({ email }), String(email)).toStrictEqual({ email: "Please enter a valid email address" });
    }
  });

  it("takes 255 characters and refuses 256", () => {
    // A valid address of exactly 255 characters needs a long domain (a local part stops at 64).
    const domain = `${"b".repeat(63)}.${"b".repeat(63)}.${"b".repeat(63)}.${"c".repeat(57)}.com`;
    expect(`a@${domain}`).toHaveLength(255);
    expect(newsletterSchema.parse({ email: `a@${domain}` })).toStrictEqual({ email: `a@${domain}` });
    expect(errorsOf({ email: `aa@${domain}` })).toStrictEqual({ email: "Email must be less than 255 characters" });
  });
});
