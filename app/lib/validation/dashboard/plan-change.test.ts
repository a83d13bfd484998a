import { describe, expect, it } from "vitest";
import { planChangeSchema, undoPlanChangeSchema } from "./plan-change";

const subscriptionId = "6f1c1f3e-8f4e-4a53-9a44-2b0a3c1d5e6f";

describe("planChangeSchema", () => {
  it("takes a plan and a renewing period, and refuses lifetime (it never renews)", () => {
    expect(planChangeSchema.parse({ subscriptionId, planId: "3", billingPeriod: "monthly" })).toEqual({
      subscriptionId,
      planId: 3,
      billingPeriod: "monthly",
    });
    expect(planChangeSchema.safeParse({ subscriptionId, planId: 3, billingPeriod: "lifetime" }).success).toBe(false);
    expect(undoPlanChangeSchema.safeParse({ subscriptionId: "nope" }).success).toBe(false);
  });
});
