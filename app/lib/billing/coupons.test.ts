import { describe, expect, it } from "vitest";
import { applyCoupon, couponApplies, normalizeCouponCode, type CouponTerms } from "./coupons";

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const plans = [
  { planId: 1, name: "VIP", listPrice: usdt(30) },
  { planId: 2, name: "All-in-One", listPrice: usdt(50) },
];
const terms = (over: Partial<CouponTerms>): CouponTerms => ({
  code: "SAVE",
  kind: "percent",
  percentOff: 10,
  amountOff: null,
  planIds: null,
  duration: "once",
  durationRenewals: null,
  periods: null,
  ...over,
});

describe("coupon terms", () => {
  it("reads a code the same whatever its case and spaces around it", () => {
    expect(normalizeCouponCode("  spring-Sale ")).toBe("SPRING-SALE");
  });

  it("takes a percent off each plan, rounded down to the micro-USDT", () => {
    const lines = applyCoupon(
      terms({ percentOff: 33 }),
      [{ planId: 1, name: "VIP", listPrice: 1_000_001n }],
      "monthly",
    );
    expect(lines[0]).toMatchObject({ discount: 330_000n, charged: 670_001n });
  });

  it("takes a fixed amount off each plan it is for, never below zero", () => {
    const lines = applyCoupon(terms({ kind: "fixed", percentOff: null, amountOff: usdt(40) }), plans, "monthly");
    expect(lines.map((line) => [line.discount, line.charged])).toEqual([
      [usdt(30), 0n],
      [usdt(40), usdt(10)],
    ]);
  });

  it("leaves plans and periods the code is not for at list price", () => {
    const only = terms({ planIds: [2], periods: ["quarterly"] });
    expect(couponApplies(only, 2, "quarterly")).toBe(true);
    expect(couponApplies(only, 2, "monthly")).toBe(false);
    expect(applyCoupon(only, plans, "quarterly").map((line) => line.discount)).toEqual([0n, usdt(5)]);
    expect(applyCoupon(null, plans, "quarterly").map((line) => line.discount)).toEqual([0n, 0n]);
  });
});
