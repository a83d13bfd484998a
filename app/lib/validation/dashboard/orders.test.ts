import { describe, expect, it } from "vitest";
import { acceptOrderPriceSchema, cancelOrderSchema, createOrderSchema, signUpCart } from "./orders";

const id = "0b3c5f0e-4c1a-4f7e-9a57-2f1f1c3b2a10";

describe("order schemas", () => {
  it("takes a cart's plans and period, as a purchase does", () => {
    expect(createOrderSchema.parse({ planIds: [1, 2], billingPeriod: "lifetime" })).toEqual({
      planIds: [1, 2],
      billingPeriod: "lifetime",
    });
    expect(createOrderSchema.safeParse({ planIds: [], billingPeriod: "monthly" }).error?.issues[0]?.message).toBe(
      "Select at least one plan.",
    );
    expect(createOrderSchema.safeParse({ planIds: [1], billingPeriod: "yearly" }).success).toBe(false);
  });

  it("needs an order id, and a total in micro-USDT to accept a new price", () => {
    expect(cancelOrderSchema.parse({ orderId: id })).toEqual({ orderId: id });
    expect(cancelOrderSchema.safeParse({ orderId: "1; drop" }).error?.issues[0]?.message).toBe(
      "This order no longer exists.",
    );
    expect(acceptOrderPriceSchema.parse({ orderId: id, total: "30000000" })).toEqual({
      orderId: id,
      total: 30_000_000n,
    });
    expect(acceptOrderPriceSchema.safeParse({ orderId: id, total: "-1" }).success).toBe(false);
  });

  it("reads the sign-up form's cart, and treats a missing or broken one as no cart", () => {
    expect(signUpCart.parse(JSON.stringify({ planIds: [3, 3, 4], billingPeriod: "quarterly" }))).toEqual({
      planIds: [3, 4],
      billingPeriod: "quarterly",
    });
    expect(signUpCart.parse(undefined)).toBeUndefined();
    expect(signUpCart.parse("")).toBeUndefined();
    expect(signUpCart.parse("{not json")).toBeUndefined();
    expect(signUpCart.parse(JSON.stringify({ planIds: [], billingPeriod: "monthly" }))).toBeUndefined();
    expect(signUpCart.parse(JSON.stringify({ planIds: [-1], billingPeriod: "monthly" }))).toBeUndefined();
  });
});
