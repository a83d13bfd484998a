import { describe, expect, it } from "vitest";
import { cartFromParam, cartToParam } from "../../cart";
import { pricingCartSchema } from "./pricing-cart";

describe("the cart in an address", () => {
  it("writes and reads back period and ids in order", () => {
    const cart = { planIds: [5, 3], billingPeriod: "quarterly" as const };
    expect(cartToParam(cart)).toBe("quarterly:5,3");
    expect(cartFromParam(cartToParam(cart))).toEqual(cart);
    expect(cartFromParam("lifetime:")).toEqual({ planIds: [], billingPeriod: "lifetime" });
  });

  it("drops what is not a plan id, and refuses an unknown period or an overlong value", () => {
    expect(cartFromParam("monthly:3,x,-1,3,0")).toEqual({ planIds: [3], billingPeriod: "monthly" });
    expect(cartFromParam("weekly:3")).toBeNull();
    expect(cartFromParam(`monthly:${"1,".repeat(100)}1`)).toBeNull();
    expect(cartFromParam(null)).toBeNull();
  });
});

describe("pricingCartSchema (Add to cart without scripts)", () => {
  it("reads the cart and the plan toggled; a broken cart is the empty one", () => {
    expect(pricingCartSchema.parse({ cart: "lifetime:4", toggle: "7" })).toEqual({
      cart: { planIds: [4], billingPeriod: "lifetime" },
      toggle: 7,
    });
    expect(pricingCartSchema.parse({ cart: "{broken", toggle: "7" }).cart).toEqual({
      planIds: [],
      billingPeriod: "monthly",
    });
  });

  it("refuses a missing or odd plan with its message", () => {
    for (const toggle of [undefined, "", "abc", "1.5", "1234567890"]) {
      const parsed = pricingCartSchema.safeParse({ cart: "monthly:", toggle });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe("Choose a plan from the list.");
    }
  });
});
