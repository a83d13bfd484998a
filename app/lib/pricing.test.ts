import { describe, expect, it } from "vitest";
import { cartTotal, isBillingPeriod, periodLabel, periodSuffix, priceFor } from "./pricing";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

describe("pricing", () => {
  it("charges the monthly price as is", () => {
    expect(priceFor(usdt(49), "monthly")).toBe(usdt(49));
  });

  it("floors the quarterly price where rounding would go up", () => {
    // 49 × 3 × 0.85 = 124.95: the home page of the original rounded to 125; we charge 124 everywhere.
    expect(priceFor(usdt(49), "quarterly")).toBe(usdt(124));
    // 38 × 3 × 0.85 = 96.9 → 96
    expect(priceFor(usdt(38), "quarterly")).toBe(usdt(96));
    // Exact: 100 × 3 × 0.85 = 255
    expect(priceFor(usdt(100), "quarterly")).toBe(usdt(255));
    // Cents in the base price: 49.5 × 3 × 0.85 = 126.225 → 126
    expect(priceFor(usdt(49.5), "quarterly")).toBe(usdt(126));
  });

  it("charges lifetime as twelve months, once", () => {
    expect(priceFor(usdt(49), "lifetime")).toBe(usdt(588));
    expect(priceFor(usdt(49.99), "lifetime")).toBe(usdt(599.88));
  });

  it("totals a cart as the sum of displayed prices", () => {
    expect(cartTotal([usdt(49), usdt(38)], "quarterly")).toBe(usdt(124 + 96));
    expect(cartTotal([], "monthly")).toBe(0n);
  });
});

describe("billing period labels (/month, /3 months, lifetime; per month, per quarter, lifetime)", () => {
  it("suffixes a price with /month, /3 months or lifetime", () => {
    expect(periodSuffix).toEqual({ monthly: "/month", quarterly: "/3 months", lifetime: "lifetime" });
  });

  it("names the period of a total per month, per quarter or lifetime", () => {
    expect(periodLabel).toEqual({ monthly: "per month", quarterly: "per quarter", lifetime: "lifetime" });
  });
});

describe("isBillingPeriod (the billing period is monthly, quarterly or lifetime)", () => {
  it("accepts the three billing periods", () => {
    for (const period of ["monthly", "quarterly", "lifetime"]) expect(isBillingPeriod(period), period).toBe(true);
  });

  it("refuses any other value, e.g. a ?period= the site never wrote", () => {
    for (const value of [
      "yearly",
      "Monthly",
      "",
      " monthly",
      "monthly,lifetime",
      undefined,
      null,
      1,
      ["monthly"],
      { monthly: true },
    ]) {
      expect(isBillingPeriod(value), String(value)).toBe(false);
    }
  });
});
