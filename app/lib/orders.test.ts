import { describe, expect, it } from "vitest";
import { orderReference, timeLeftText } from "./orders";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("timeLeftText", () => {
  it("says whole days, hours or minutes, rounded down", () => {
    expect(timeLeftText(7 * DAY)).toBe("7 days");
    expect(timeLeftText(7 * DAY - 1)).toBe("6 days");
    expect(timeLeftText(DAY)).toBe("1 day");
    expect(timeLeftText(DAY - 1)).toBe("23 hours");
    expect(timeLeftText(HOUR)).toBe("1 hour");
    expect(timeLeftText(HOUR - 1)).toBe("59 minutes");
    expect(timeLeftText(MINUTE)).toBe("1 minute");
    expect(timeLeftText(MINUTE - 1)).toBe("less than a minute");
    expect(timeLeftText(0)).toBe("less than a minute");
  });
});

describe("orderReference", () => {
  it("is ORD- and the id's first 8 hex digits, upper case", () => {
    expect(orderReference("1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d")).toBe("ORD-1A2B3C4D");
  });
});
