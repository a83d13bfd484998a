import { describe, expect, it } from "vitest";
import { acceptOrderPriceSchema, cancelOrderSchema, createOrderSchema, saveCartSchema, signUpCart } from "./orders";

const id = "0b3c5f0e-4c1a-4f7e-9a57-2f1f1c3b2a10";

describe("order schemas", () => {
  it("takes a cart's plans and period, as a purchase does", () => {
    expect(createOrderSchema.parse({ planIds: [1, 2], billingPeriod: "lifetime" })).toEqual({
      couponCode: null,
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
    expect(signUpCart.parse("null")).toBeUndefined();
  });

  it("keeps the first twenty plans of an overfull sign-up cart rather than dropping the cart", () => {
    const planIds = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(signUpCart.parse(JSON.stringify({ planIds, billingPeriod: "monthly" }))?.planIds).toEqual(
      planIds.slice(0, 20),
    );
  });
});

describe("saveCartSchema (the dashboard's cart, kept with the account)", () => {
  const messages = (input: unknown) => {
    const r = saveCartSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((issue) => issue.message);
  };

  it("takes an empty cart, and each plan once", () => {
    expect(saveCartSchema.parse({ planIds: [], billingPeriod: "monthly" })).toEqual({
      planIds: [],
      billingPeriod: "monthly",
    });
    expect(saveCartSchema.parse({ planIds: [4, 2, 4], billingPeriod: "lifetime" })).toEqual({
      planIds: [4, 2],
      billingPeriod: "lifetime",
    });
  });

  it("refuses plan ids that are not positive whole numbers, with one message", () => {
    for (const planIds of ["1,2", [1.5], [0], ["3"]])
      expect(messages({ planIds, billingPeriod: "monthly" })).toEqual(["Plan ids must be positive whole numbers."]);
    expect(messages({ planIds: [1], billingPeriod: "weekly" })).toHaveLength(1);
  });

  it("holds at most twenty plans", () => {
    const planIds = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(messages({ planIds, billingPeriod: "monthly" })).toEqual(["A cart can hold at most 20 plans."]);
    expect(messages({ planIds: planIds.slice(0, 20), billingPeriod: "monthly" })).toEqual([]);
  });

  it("takes a code applied (in capitals), null for one removed, and nothing when the code is not mentioned", () => {
    const cart = { planIds: [1], billingPeriod: "monthly" };
    expect(saveCartSchema.parse({ ...cart, couponCode: " save10 " }).couponCode).toBe("SAVE10");
    expect(saveCartSchema.parse({ ...cart, couponCode: null }).couponCode).toBeNull();
    expect(saveCartSchema.parse({ ...cart, couponCode: "" }).couponCode).toBeNull();
    expect(saveCartSchema.parse(cart)).not.toHaveProperty("couponCode");
    expect(messages({ ...cart, couponCode: "no such code!" })).toHaveLength(1);
  });
});

describe("order ids", () => {
  it("answers a missing or non-text order id as an order that no longer exists", () => {
    for (const orderId of [undefined, 42])
      expect(cancelOrderSchema.safeParse({ orderId }).error?.issues[0]?.message).toBe("This order no longer exists.");
  });
});
