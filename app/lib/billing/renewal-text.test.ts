import { describe, expect, it } from "vitest";
import { totalSuffix } from "./renewal-text";

const usdt = (n: number) => BigInt(n) * 1_000_000n;

describe("totalSuffix", () => {
  it("says only the period when every renewal costs the total", () => {
    expect(totalSuffix("monthly", usdt(38), { price: usdt(38), times: null, then: usdt(38) })).toBe("/month");
    // A code on every renewal: the discounted total is what renews.
    expect(totalSuffix("quarterly", usdt(57), { price: usdt(57), times: null, then: usdt(114) })).toBe("/3 months");
  });

  it("says what follows a first period's total (a first-period code, an upgrade's credit)", () => {
    expect(totalSuffix("monthly", usdt(19), { price: usdt(38), times: null, then: usdt(38) })).toBe(
      "today, then $38.00 /month",
    );
    expect(totalSuffix("quarterly", usdt(99), { price: usdt(118), times: null, then: usdt(118) })).toBe(
      "today, then $118.00 /3 months",
    );
  });

  it("says how long a code on a number of renewals lasts, counting the first period", () => {
    expect(totalSuffix("monthly", usdt(19), { price: usdt(19), times: 2, then: usdt(38) })).toBe(
      "/month for 3 months, then $38.00 /month",
    );
    expect(totalSuffix("quarterly", usdt(57), { price: usdt(57), times: 1, then: usdt(114) })).toBe(
      "/3 months for 6 months, then $114.00 /3 months",
    );
  });

  it("says both with a credit and a code on a number of renewals", () => {
    expect(totalSuffix("monthly", usdt(5), { price: usdt(19), times: 1, then: usdt(38) })).toBe(
      "today, then $19.00 /month for 1 month, then $38.00 /month",
    );
  });

  it("says lifetime alone: nothing renews", () => {
    expect(totalSuffix("lifetime", usdt(19), { price: usdt(38), times: null, then: usdt(38) })).toBe("lifetime");
  });
});
