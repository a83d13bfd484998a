import { describe, expect, it } from "vitest";
import { cartTotal, priceFor } from "./pricing";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

describe("pricing (DESIGN.md §4)", () => {
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
