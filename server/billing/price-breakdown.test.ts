import { describe, expect, it } from "vitest";
import { priceBreakdownPayload } from "./price-breakdown";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

describe("priceBreakdownPayload", () => {
  it("says nothing when the list price was charged in full", () => {
    expect(priceBreakdownPayload({ list: usdt(49), discount: 0n, couponCode: null, credit: 0n })).toEqual({});
  });

  it("names the list price, the discount with its code and the credit", () => {
    expect(priceBreakdownPayload({ list: usdt(49), discount: usdt(4.9), couponCode: "SPRING", credit: 0n })).toEqual({
      breakdown: "List price $49.00 USDT, less $4.90 USDT with code SPRING.",
    });
    expect(
      priceBreakdownPayload({ list: usdt(99), discount: usdt(9.9), couponCode: "SPRING", credit: usdt(20) }).breakdown,
    ).toBe("List price $99.00 USDT, less $9.90 USDT with code SPRING, less $20.00 USDT credit for unused time.");
  });
});
