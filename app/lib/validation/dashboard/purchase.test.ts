import { describe, expect, it } from "vitest";
import { purchaseRequestSchema } from "./purchase";

const valid = { planIds: [1, 2], billingPeriod: "quarterly", totalAmount: "10", idempotencyKey: "k" };

describe("purchase request schema", () => {
  it("accepts a well-formed request and turns the micro-USDT string into bigint", () => {
    expect(purchaseRequestSchema.parse(valid)).toEqual({ ...valid, totalAmount: 10n, couponCode: null });
    expect(purchaseRequestSchema.parse({ ...valid, couponCode: " spring " }).couponCode).toBe("SPRING");
    expect(purchaseRequestSchema.parse({ ...valid, totalAmount: "0" }).totalAmount).toBe(0n);
    expect(purchaseRequestSchema.parse({ ...valid, totalAmount: "124000000" }).totalAmount).toBe(124_000_000n);
    expect(
      purchaseRequestSchema.parse({ ...valid, planIds: Array.from({ length: 20 }, (_, i) => i + 1) }).planIds,
    ).toHaveLength(20);
    expect(purchaseRequestSchema.parse({ ...valid, idempotencyKey: "x".repeat(200) }).idempotencyKey).toHaveLength(200);
  });

  it.each([
    [{ planIds: "1" }, "Select at least one plan."],
    [{ planIds: [] }, "Select at least one plan."],
    [{ planIds: [-1] }, "Plan ids must be positive whole numbers."],
    [{ planIds: [0] }, "Plan ids must be positive whole numbers."],
    [{ planIds: [1.5] }, "Plan ids must be positive whole numbers."],
    [{ planIds: ["1"] }, "Plan ids must be positive whole numbers."],
    [{ planIds: [3, 3] }, "Each plan can appear only once in a purchase."],
    [{ planIds: Array.from({ length: 21 }, (_, i) => i + 1) }, "A purchase can include at most 20 plans."],
    [{ billingPeriod: "yearly" }, "Billing period must be monthly, quarterly or lifetime."],
    [{ totalAmount: 10 }, "Total amount must be an amount in micro-USDT."],
    [{ totalAmount: "-5" }, "Total amount must be an amount in micro-USDT."],
    [{ totalAmount: "12.5" }, "Total amount must be an amount in micro-USDT."],
    [{ totalAmount: "1e6" }, "Total amount must be an amount in micro-USDT."],
    [{ totalAmount: "" }, "Total amount must be an amount in micro-USDT."],
    [{ totalAmount: "1".repeat(19) }, "Total amount must be an amount in micro-USDT."],
    [{ idempotencyKey: undefined }, "An idempotency key is required."],
    [{ idempotencyKey: "" }, "An idempotency key is required."],
    [{ idempotencyKey: "x".repeat(201) }, "The idempotency key must be at most 200 characters."],
  ])("refuses %o", (change, message) => {
    const parsed = purchaseRequestSchema.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
