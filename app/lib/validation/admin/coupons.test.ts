import { describe, expect, it } from "vitest";
import { couponSchema, validUntilInstant } from "./coupons";

const base = { code: "spring", kind: "percent", percentOff: "20", duration: "once" };
const issues = (input: unknown) =>
  couponSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("couponSchema", () => {
  it("keeps codes in capitals and drops what the kind and duration do not use", () => {
    const parsed = couponSchema.parse({ ...base, amountOff: "5", durationRenewals: "3" });
    expect(parsed).toMatchObject({ code: "SPRING", percentOff: 20, amountOff: null, durationRenewals: null });
    expect(parsed).toMatchObject({ perMemberLimit: 1, maxRedemptions: null, planIds: [], periods: [] });
  });

  it("asks for what the chosen kind and duration need", () => {
    expect(issues({ ...base, percentOff: "" })).toEqual([
      ["percentOff", "Percent off must be a whole number from 1 to 100"],
    ]);
    expect(issues({ ...base, kind: "fixed" })).toEqual([["amountOff", "Amount off is required"]]);
    expect(issues({ ...base, duration: "repeating" })).toEqual([
      ["durationRenewals", "Renewals must be a whole number from 1 to 120"],
    ]);
    expect(couponSchema.parse({ ...base, kind: "fixed", amountOff: "4.99" }).amountOff).toBe(4_990_000n);
  });

  it("refuses codes a person could not type back, and dates out of order", () => {
    expect(issues({ ...base, code: "no spaces" })[0]?.[0]).toBe("code");
    expect(issues({ ...base, code: "ab" })[0]?.[0]).toBe("code");
    expect(issues({ ...base, percentOff: "101" })[0]?.[0]).toBe("percentOff");
    expect(issues({ ...base, validFrom: "2026-05-02", validUntil: "2026-05-01" })).toEqual([
      ["validUntil", "The last day cannot be before the first"],
    ]);
  });

  it("counts the last day whole", () => {
    expect(validUntilInstant("2026-05-01")?.toISOString()).toBe("2026-05-02T00:00:00.000Z");
  });
});
