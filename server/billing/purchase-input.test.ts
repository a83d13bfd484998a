import { describe, expect, it } from "vitest";
import { parsePurchaseInput } from "./purchase-input.ts";

const valid = { planIds: [1, 2], billingPeriod: "quarterly", totalAmount: 10n, idempotencyKey: "k" };

describe("purchase input", () => {
  it("accepts a well-formed request", () => {
    expect(parsePurchaseInput(valid)).toEqual(valid);
    expect(parsePurchaseInput({ ...valid, totalAmount: 0n }).totalAmount).toBe(0n);
  });

  it.each([
    [{ planIds: "1" }, "Select at least one plan."],
    [{ planIds: [] }, "Select at least one plan."],
    [{ planIds: [-1] }, "Plan ids must be positive whole numbers."],
    [{ planIds: ["1"] }, "Plan ids must be positive whole numbers."],
    [{ planIds: [3, 3] }, "Each plan can appear only once in a purchase."],
    [{ planIds: Array.from({ length: 21 }, (_, i) => i + 1) }, "A purchase can include at most 20 plans."],
    [{ billingPeriod: "yearly" }, "Billing period must be monthly, quarterly or lifetime."],
    [{ totalAmount: 10 }, "Total amount must be an amount in micro-USDT."],
    [{ totalAmount: -5n }, "Total amount must not be negative."],
    [{ idempotencyKey: undefined }, "An idempotency key is required."],
    [{ idempotencyKey: "x".repeat(201) }, "The idempotency key must be at most 200 characters."],
  ])("refuses %o", (change, message) => {
    expect(() => parsePurchaseInput({ ...valid, ...change })).toThrow(expect.objectContaining({ code: "VALIDATION", message }));
  });
});
