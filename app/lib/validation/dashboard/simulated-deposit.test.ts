import { describe, expect, it } from "vitest";
import { simulatedDepositSchema } from "./simulated-deposit";

describe("simulatedDepositSchema", () => {
  it("takes 1 to 10 000 whole USDT, and again what it made of them", () => {
    expect(simulatedDepositSchema.parse({ amount: " 1 " })).toEqual({ amount: 1 });
    expect(simulatedDepositSchema.parse({ amount: "10000" })).toEqual({ amount: 10_000 });
    expect(simulatedDepositSchema.parse({ amount: 250 })).toEqual({ amount: 250 });
  });

  it.each(["0", "10001", "12.5", "-20", "", "1e3", "abc", 12.5])("refuses %j", (amount) => {
    const result = simulatedDepositSchema.safeParse({ amount });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Enter a whole number of USDT from 1 to 10,000.");
  });
});
