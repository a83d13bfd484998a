import { describe, expect, it } from "vitest";
import { couponMessages } from "../../billing/coupons";
import { couponCheckSchema, EMPTY_CART_FOR_CODE, ENTER_A_CODE } from "./coupon-check";

const errorOf = (query: Record<string, unknown>) => {
  const parsed = couponCheckSchema.safeParse(query);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe("couponCheckSchema", () => {
  it("reads the code in capitals, the cart's plans once each, and the period", () => {
    expect(couponCheckSchema.parse({ code: " spring ", plans: "3,5,3", period: "quarterly" })).toEqual({
      code: "SPRING",
      plans: [3, 5],
      period: "quarterly",
    });
  });

  it("asks for a code, and for a plan in the cart first", () => {
    expect(errorOf({ code: "  ", plans: "3", period: "monthly" })).toBe(ENTER_A_CODE);
    expect(errorOf({ code: "SPRING", plans: "", period: "monthly" })).toBe(EMPTY_CART_FOR_CODE);
    expect(errorOf({ code: "SPRING", period: "monthly" })).toBe(EMPTY_CART_FOR_CODE);
    expect(errorOf({ code: "SPRING", plans: "3,x", period: "monthly" })).toBe(EMPTY_CART_FOR_CODE);
  });

  it("refuses what could never be a code as unknown", () => {
    expect(errorOf({ code: "no spaces", plans: "3", period: "monthly" })).toBe(couponMessages.unknown);
    expect(errorOf({ code: "A".repeat(41), plans: "3", period: "monthly" })).toBe(couponMessages.unknown);
  });
});
