import { describe, expect, it } from "vitest";
import { cardCheckoutSchema } from "./card-checkout";

describe("cardCheckoutSchema", () => {
  it("takes a top-up of 10 to 10 000 whole dollars", () => {
    expect(cardCheckoutSchema.parse({ purpose: "top_up", amount: " 10 " })).toEqual({ purpose: "top_up", amount: 10 });
    expect(cardCheckoutSchema.parse({ purpose: "top_up", amount: "10000" })).toEqual({
      purpose: "top_up",
      amount: 10_000,
    });
  });

  it("takes again what it made of the form (the number the browser posts)", () => {
    const parsed = cardCheckoutSchema.parse({ purpose: "top_up", amount: "250" });
    expect(cardCheckoutSchema.parse(parsed)).toEqual({ purpose: "top_up", amount: 250 });
    expect(cardCheckoutSchema.safeParse({ purpose: "top_up", amount: 12.5 }).success).toBe(false);
  });

  it.each(["9", "10001", "12.50", "-20", "", "1e3", "abc"])("refuses the top-up %j", (amount) => {
    const result = cardCheckoutSchema.safeParse({ purpose: "top_up", amount });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Enter a whole number of US dollars from 10 to 10,000.");
  });

  it("takes an order payment without an amount (the server knows what is due)", () => {
    expect(cardCheckoutSchema.parse({ purpose: "order" })).toEqual({ purpose: "order" });
    expect(cardCheckoutSchema.safeParse({ purpose: "other" }).success).toBe(false);
  });
});
