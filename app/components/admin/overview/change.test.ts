import { describe, expect, it } from "vitest";
import { AGO, BEFORE, churnChange, churnRate, countChange, moneyChange } from "./change";

describe("a figure's change against its previous period", () => {
  it("counts: signed, with a percentage of the earlier value when there was one", () => {
    expect(countChange(7, 4, AGO)).toBe("+3 (+75.0%) vs 30 days ago");
    expect(countChange(3, 6, BEFORE)).toBe("\u22123 (\u221250.0%) vs the 30 days before");
    expect(countChange(2, 0, BEFORE)).toBe("+2 vs the 30 days before");
    expect(countChange(5, 5, AGO)).toBe("No change vs 30 days ago");
    expect(countChange(1_234, 1, AGO)).toBe("+1,233 (+123300.0%) vs 30 days ago");
  });

  it("rounds the percentage to a tenth, half up", () => {
    expect(countChange(7, 6, AGO)).toBe("+1 (+16.7%) vs 30 days ago");
    expect(countChange(2, 3, AGO)).toBe("\u22121 (\u221233.3%) vs 30 days ago");
  });

  it("money: micro-USDT in whole-cent USDT", () => {
    expect(moneyChange("270000000", "100000000", BEFORE)).toBe("+$170.00 USDT (+170.0%) vs the 30 days before");
    expect(moneyChange("0", "5000000", BEFORE)).toBe("\u2212$5.00 USDT (\u2212100.0%) vs the 30 days before");
    expect(moneyChange("517333333", "257333333", AGO)).toBe("+$260.00 USDT (+101.0%) vs 30 days ago");
  });

  it("churn: the rate, and its change in percentage points", () => {
    expect(churnRate(4, 5)).toBe("80.0%");
    expect(churnRate(1, 0)).toBe("—");
    expect(churnChange({ ended: 4, activeAtStart: 5 }, { ended: 1, activeAtStart: 6 })).toBe(
      "+63.3 pts vs the 30 days before",
    );
    expect(churnChange({ ended: 1, activeAtStart: 10 }, { ended: 2, activeAtStart: 10 })).toBe(
      "\u221210.0 pts vs the 30 days before",
    );
    expect(churnChange({ ended: 1, activeAtStart: 10 }, { ended: 0, activeAtStart: 0 })).toBe(
      "No earlier rate to compare",
    );
  });
});
