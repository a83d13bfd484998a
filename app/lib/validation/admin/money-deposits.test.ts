import { describe, expect, it } from "vitest";
import {
  depositsCursor,
  depositsQueryMessages,
  parseDepositsQuery,
  rescanActionSchema,
  rescanMessages,
} from "./money-deposits";

const fromOf = (from: string) => rescanActionSchema.safeParse({ intent: "rescan", from });
const messageOf = (from: string) => {
  const parsed = fromOf(from);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe("rescanActionSchema (rescan from a block or a time)", () => {
  it("reads digits as a block number", () => {
    expect(fromOf(" 66123456 ").data).toEqual({ intent: "rescan", from: { block: 66_123_456 } });
    expect(fromOf("0").data?.from).toEqual({ block: 0 });
  });

  it("reads a date and time as UTC unless it names an offset", () => {
    expect(fromOf("2026-11-01 14:30").data?.from).toEqual({ at: "2026-11-01T14:30:00.000Z" });
    expect(fromOf("2026-11-01T14:30:05Z").data?.from).toEqual({ at: "2026-11-01T14:30:05.000Z" });
    expect(fromOf("2026-11-01T14:30:05.250+02:00").data?.from).toEqual({ at: "2026-11-01T12:30:05.000Z" });
    expect(fromOf("2026-11-01 14:30 -0130").data?.from).toEqual({ at: "2026-11-01T16:00:00.000Z" });
  });

  it("refuses what is neither, saying what it wants", () => {
    expect(messageOf("")).toBe(rescanMessages.required);
    expect(messageOf("   ")).toBe(rescanMessages.required);
    expect(messageOf("yesterday")).toBe(rescanMessages.format);
    expect(messageOf("2026-11-01")).toBe(rescanMessages.format);
    expect(messageOf("-5")).toBe(rescanMessages.format);
    expect(messageOf("1234567890123")).toBe(rescanMessages.block);
    expect(messageOf("2026-11-31 10:00")).toBe(rescanMessages.date);
    expect(messageOf("2026-11-01 25:00")).toBe(rescanMessages.date);
    expect(rescanActionSchema.safeParse({ intent: "credit", from: "1" }).success).toBe(false);
    expect(rescanActionSchema.safeParse({ intent: "rescan" }).error?.issues[0]!.message).toBe(rescanMessages.required);
  });
});

describe("parseDepositsQuery (the credited list's page position)", () => {
  it("keeps a well-formed position and drops anything else with a message", () => {
    expect(parseDepositsQuery(new URLSearchParams("before=2026-11-01T10:00:00.123Z~42"))).toEqual({
      query: { before: { blockTimestamp: "2026-11-01T10:00:00.123Z", id: "42" } },
      problems: [],
    });
    expect(parseDepositsQuery(new URLSearchParams(""))).toEqual({ query: { before: null }, problems: [] });
    expect(parseDepositsQuery(new URLSearchParams("before=soon~1"))).toEqual({
      query: { before: null },
      problems: [depositsQueryMessages.cursor],
    });
  });
});

describe("the deposits page's edges", () => {
  it("writes the page position it reads back", () => {
    const row = { blockTimestamp: "2026-11-01T10:00:00.123Z", id: "42" };
    expect(depositsCursor(row)).toBe("2026-11-01T10:00:00.123Z~42");
    expect(parseDepositsQuery(new URLSearchParams({ before: ` ${depositsCursor(row)} ` })).query.before).toEqual(row);
  });

  it("drops a position with anything before or after it", () => {
    for (const bad of ["x2026-11-01T10:00:00Z~1", "2026-11-01T10:00:00Z~1x", "2026-11-01T10:00:00Z~0"])
      expect(parseDepositsQuery(new URLSearchParams({ before: bad })).problems, bad).toEqual([
        depositsQueryMessages.cursor,
      ]);
  });

  it("takes a block number of exactly 12 digits, a lower-case z and an offset without a colon", () => {
    expect(fromOf("123456789012").data?.from).toEqual({ block: 123_456_789_012 });
    expect(fromOf("2026-11-01t14:30z").data?.from).toEqual({ at: "2026-11-01T14:30:00.000Z" });
    expect(fromOf("2026-11-01 14:30 +0200").data?.from).toEqual({ at: "2026-11-01T12:30:00.000Z" });
    expect(fromOf("2026-11-01 14:30+02:00").data?.from).toEqual({ at: "2026-11-01T12:30:00.000Z" });
  });

  it("refuses text around a date and time, and an unknown action, by name", () => {
    expect(messageOf("at 2026-11-01 14:30")).toBe(rescanMessages.format);
    expect(messageOf("2026-11-01 14:30 tomorrow")).toBe(rescanMessages.format);
    expect(messageOf("x".repeat(41))).toBe(rescanMessages.format);
    expect(rescanActionSchema.safeParse({ intent: "credit", from: "1" }).error?.issues[0]?.message).toBe(
      "Unknown action.",
    );
  });
});
