import { describe, expect, it } from "vitest";
import { ceilToCent, purchaseMessages } from "./messages.ts";

describe("purchase messages", () => {
  it("states the shortfall with one dollar sign and two decimals, rounded up to the cent", () => {
    expect(purchaseMessages.insufficientBalance(12_500_000n)).toBe("Insufficient balance. You need $12.50 more.");
    expect(purchaseMessages.insufficientBalance(1n)).toBe("Insufficient balance. You need $0.01 more.");
    expect(purchaseMessages.insufficientBalance(1_234_000_000n)).toBe("Insufficient balance. You need $1,234.00 more.");
    expect(ceilToCent(10_001n)).toBe(20_000n);
    expect(ceilToCent(10_000n)).toBe(10_000n);
  });

  it("names the plans already active", () => {
    expect(purchaseMessages.alreadySubscribed(["Gold", "Silver"])).toBe("Already subscribed to: Gold, Silver");
  });
});
