import { describe, expect, it } from "vitest";
import { orderSettingsMessages as m, orderSettingsSchema } from "./order-settings";

const parse = (input: Record<string, unknown>) => orderSettingsSchema.safeParse(input);
const firstMessage = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("order settings form", () => {
  it("takes whole hours and days within their bounds, typed or as numbers", () => {
    expect(parse({ priceHoldHours: " 48 ", lifetimeDays: "7" })).toMatchObject({
      success: true,
      data: { priceHoldHours: 48, lifetimeDays: 7 },
    });
    expect(parse({ priceHoldHours: 1, lifetimeDays: 1 }).success).toBe(true);
    expect(parse({ priceHoldHours: 168, lifetimeDays: 30 }).success).toBe(true);
  });

  it("refuses a hold outside 1–168 hours, with its own message", () => {
    for (const hours of ["0", "169", "1.5", "-3", "1e2", "", "twelve"])
      expect(firstMessage({ priceHoldHours: hours, lifetimeDays: "7" }), hours).toBe(m.priceHoldHours);
  });

  it("refuses a life outside 1–30 days, with its own message", () => {
    for (const days of ["0", "31", "2.5", "", "a week"])
      expect(firstMessage({ priceHoldHours: "24", lifetimeDays: days }), days).toBe(m.lifetimeDays);
  });

  it("refuses a hold longer than the order stays open, under the hold's field", () => {
    const result = parse({ priceHoldHours: "25", lifetimeDays: "1" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ message: m.holdPastLife, path: ["priceHoldHours"] });
    expect(parse({ priceHoldHours: "24", lifetimeDays: "1" }).success).toBe(true);
  });
});
