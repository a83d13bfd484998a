import { describe, expect, it } from "vitest";
import { discountClaim, memberClaim, winRateClaim } from "./site-claims";

describe("winRateClaim", () => {
  it("states the share of closed signals that won, rounded down", () => {
    expect(winRateClaim({ closedSignals: 3, wins: 2 })).toEqual({
      stat: "66% win rate",
      text: "2 of 3 closed signals won, every strategy and month on the results page, losses included.",
    });
    expect(winRateClaim({ closedSignals: 1714, wins: 1714 })?.stat).toBe("100% win rate");
    expect(winRateClaim({ closedSignals: 1714, wins: 1234 })?.text).toMatch(/^1,234 of 1,714 closed/);
  });

  it("says nothing before a signal has closed", () => {
    expect(winRateClaim({ closedSignals: 0, wins: 0 })).toBeNull();
  });
});

describe("memberClaim", () => {
  it("rounds down to hundreds, then thousands", () => {
    expect(memberClaim(100)).toBe("100+ members");
    expect(memberClaim(999)).toBe("900+ members");
    expect(memberClaim(1000)).toBe("1,000+ members");
    expect(memberClaim(54_321)).toBe("54,000+ members");
  });

  it("says nothing under 100 members", () => {
    expect(memberClaim(99)).toBeNull();
    expect(memberClaim(0)).toBeNull();
  });
});

describe("discountClaim", () => {
  it("names the one discount every plan has, or the largest when they differ", () => {
    expect(discountClaim({ largestDiscount: 60, smallestDiscount: 60 })).toBe("60% off every plan");
    expect(discountClaim({ largestDiscount: 60, smallestDiscount: 0 })).toBe("Up to 60% off");
  });

  it("says nothing when no plan is discounted", () => {
    expect(discountClaim({ largestDiscount: 0, smallestDiscount: 0 })).toBeNull();
  });
});
