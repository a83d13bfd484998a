import { describe, expect, it } from "vitest";
import { addMonthsClamped, firstBillingDate, nextDueDate } from "./periods.ts";

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("billing periods", () => {
  it("adds calendar months keeping the time of day", () => {
    expect(iso(addMonthsClamped(at("2026-01-15T10:30:00.123Z"), 1))).toBe("2026-02-15T10:30:00.123Z");
    expect(iso(addMonthsClamped(at("2026-11-15T00:00:00Z"), 3))).toBe("2027-02-15T00:00:00.000Z");
    expect(iso(addMonthsClamped(at("2026-12-31T23:59:59Z"), 1))).toBe("2027-01-31T23:59:59.000Z");
  });

  it("clamps the day to the target month's length", () => {
    expect(iso(addMonthsClamped(at("2026-01-31T08:00:00Z"), 1))).toBe("2026-02-28T08:00:00.000Z");
    expect(iso(addMonthsClamped(at("2028-01-31T08:00:00Z"), 1))).toBe("2028-02-29T08:00:00.000Z");
    expect(iso(addMonthsClamped(at("2026-03-31T08:00:00Z"), 1))).toBe("2026-04-30T08:00:00.000Z");
    expect(iso(addMonthsClamped(at("2025-11-30T08:00:00Z"), 3))).toBe("2026-02-28T08:00:00.000Z");
  });

  it("starts monthly and quarterly with a due date, lifetime without", () => {
    const start = at("2026-01-31T12:00:00Z");
    expect(iso(firstBillingDate(start, "monthly"))).toBe("2026-02-28T12:00:00.000Z");
    expect(iso(firstBillingDate(start, "quarterly"))).toBe("2026-04-30T12:00:00.000Z");
    expect(firstBillingDate(start, "lifetime")).toBeNull();
  });

  it("moves a due date one period from the old due date, back to the anniversary day when it fits", () => {
    const start = at("2026-01-31T12:00:00Z");
    expect(iso(nextDueDate(at("2026-02-28T12:00:00Z"), "monthly", start))).toBe("2026-03-31T12:00:00.000Z");
    expect(iso(nextDueDate(at("2026-03-31T12:00:00Z"), "monthly", start))).toBe("2026-04-30T12:00:00.000Z");
    expect(iso(nextDueDate(at("2026-04-30T12:00:00Z"), "quarterly", start))).toBe("2026-07-31T12:00:00.000Z");
    // Without a start date (or a due date moved by hand to mid-month) the due date's own day counts.
    expect(iso(nextDueDate(at("2026-02-28T12:00:00Z"), "monthly"))).toBe("2026-03-28T12:00:00.000Z");
    expect(iso(nextDueDate(at("2026-02-15T12:00:00Z"), "monthly", start))).toBe("2026-03-15T12:00:00.000Z");
    // A due date moved by hand to a month's last day is not a clamped anniversary: its own day counts.
    expect(iso(nextDueDate(at("2026-02-28T12:00:00Z"), "monthly", at("2026-01-15T12:00:00Z")))).toBe(
      "2026-03-28T12:00:00.000Z",
    );
  });
});
