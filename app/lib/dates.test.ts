import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDaysIn, formatDayText, formatRelativeTime, formatTimestamp } from "./dates";

describe("formatDate", () => {
  it("prints a calendar date in UTC, from a timestamp, a bare day or a Date", () => {
    expect(formatDate("2026-11-22T23:59:00Z")).toBe("Nov 22, 2026");
    expect(formatDate("2026-10-28")).toBe("Oct 28, 2026");
    expect(formatDate(new Date(Date.UTC(2027, 0, 5, 1)))).toBe("Jan 5, 2027");
  });
});

describe("formatDateTime", () => {
  it("prints the date and the 24-hour time in UTC, saying so", () => {
    expect(formatDateTime("2026-11-22T14:05:59Z")).toBe("Nov 22, 2026, 14:05 UTC");
    expect(formatDateTime("2026-11-22T00:07:00+02:00")).toBe("Nov 21, 2026, 22:07 UTC");
  });
});

describe("formatRelativeTime", () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const ago = (seconds: number) => new Date(now - seconds * 1000);
  it.each([
    [30, "just now"],
    [5 * 60, "5 minutes ago"],
    [3 * 3600, "3 hours ago"],
    [26 * 3600, "yesterday"],
    [3 * 86400, "3 days ago"],
    [21 * 86400, "3 weeks ago"],
    [70 * 86400, "10 weeks ago"],
  ])("%i seconds before is %j", (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });
});

describe("formatTimestamp", () => {
  it("prints the date and the 24-hour time to the second in UTC, saying so", () => {
    expect(formatTimestamp("2026-11-22T14:05:09.750Z")).toBe("Nov 22, 2026, 14:05:09 UTC");
    expect(formatTimestamp(new Date(Date.UTC(2027, 0, 5, 0, 0, 0)))).toBe("Jan 5, 2027, 00:00:00 UTC");
  });
});

describe("formatDayText", () => {
  it("prints an ISO calendar date as formatDate does, and leaves any other text as it is", () => {
    expect(formatDayText("2026-02-28")).toBe("Feb 28, 2026");
    expect(formatDayText("Feb 28, 2026")).toBe("Feb 28, 2026");
    expect(formatDayText("2026-02-30x")).toBe("2026-02-30x");
    expect(formatDayText("soon")).toBe("soon");
  });
});

describe("formatDaysIn", () => {
  it("prints the ISO calendar dates of a payload and keeps its other texts", () => {
    expect(formatDaysIn({ plan: "Gold", dueDate: "2026-03-01", amount: "$10.00", gone: undefined })).toEqual({
      plan: "Gold",
      dueDate: "Mar 1, 2026",
      amount: "$10.00",
      gone: undefined,
    });
  });
});
