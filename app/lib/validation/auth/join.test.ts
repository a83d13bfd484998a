import { describe, expect, it } from "vitest";
import { joinSchema } from "./join";
import { signInFormSchema } from "./sign-in";

// The forms carry the cart picked on /pricing in a hidden field: the server reads it with the
// account's fields, so a plan picked before signing up or in becomes the member's order.
const cart = JSON.stringify({ planIds: [7, 7, 9], billingPeriod: "quarterly" });

/** A sign-up form as the browser posts it, every field valid. */
const validJoin = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  password: "Abcdefg1",
  telegram: "ada_lovelace",
  acceptTerms: "on",
  acceptRisk: "on",
  cart,
};

describe("the sign-up and sign-in forms as the server reads them", () => {
  it("sign-up takes the cart beside the account's fields", () => {
    const parsed = joinSchema.parse(validJoin);
    expect(parsed.cart).toEqual({ planIds: [7, 9], billingPeriod: "quarterly" });
    expect(parsed.email).toBe("ada@example.com");
    expect(parsed.couponCode).toBeNull();
  });

  it("sign-up takes the coupon code in capitals, and refuses what could never be one under its field", () => {
    expect(joinSchema.parse({ ...validJoin, couponCode: " spring " }).couponCode).toBe("SPRING");
    const refused = joinSchema.safeParse({ ...validJoin, couponCode: "not a code" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["couponCode"]);
  });

  it("sign-in takes the cart beside the email and password", () => {
    const parsed = signInFormSchema.parse({ email: "ada@example.com", password: "x", cart });
    expect(parsed.cart).toEqual({ planIds: [7, 9], billingPeriod: "quarterly" });
  });
});
