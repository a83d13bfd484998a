import { describe, expect, it } from "vitest";
import { formatUsdt, microToDecimal, parseUsdt } from "./money";

describe("money", () => {
  it("formats with two decimals and groups thousands", () => {
    expect(formatUsdt(12_500_000n)).toBe("$12.50");
    expect(formatUsdt(0n, { suffix: true })).toBe("$0.00 USDT");
    expect(formatUsdt(1_234_567_890_000n)).toBe("$1,234,567.89");
    expect(formatUsdt(4_995_000n)).toBe("$5.00"); // half a cent rounds up
    expect(formatUsdt(-2_500_000n)).toBe("-$2.50");
    expect(formatUsdt(2_500_000n, { sign: true })).toBe("+$2.50");
  });

  it("parses decimal amounts exactly", () => {
    expect(parseUsdt("25.5")).toBe(25_500_000n);
    expect(parseUsdt(" 0.000001 ")).toBe(1n);
    expect(parseUsdt("100")).toBe(100_000_000n);
    for (const bad of ["", "-1", "1e3", "1.0000001", "abc", "1,5", ".5"]) expect(parseUsdt(bad), bad).toBeNull();
  });

  it("prints plain decimals", () => {
    expect(microToDecimal(25_500_000n)).toBe("25.5");
    expect(microToDecimal(1n)).toBe("0.000001");
    expect(microToDecimal(-3_000_000n)).toBe("-3");
  });
});
