import { describe, expect, it } from "vitest";
import {
  BAN_REASON_MAX,
  fixTelegramSchema,
  ledgerPageOf,
  MEMBER_NOTE_MAX,
  memberAccountSchema,
  memberPageSchema,
} from "./member-page";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("memberPageSchema (notes and sign-out everywhere)", () => {
  it("reads a note with its lines, trimmed, and the sign-out", () => {
    expect(memberPageSchema.parse({ intent: "note", body: "  Called them.\r\n\tAll fine.  " })).toEqual({
      intent: "note",
      body: "Called them.\r\n\tAll fine.",
    });
    expect(memberPageSchema.parse({ intent: "sign-out-everywhere" })).toEqual({ intent: "sign-out-everywhere" });
  });

  it("refuses an empty, too long or binary note, and unknown changes", () => {
    expect(messages(memberPageSchema.safeParse({ intent: "note", body: "  " }))).toEqual([
      ["body", "Note is required"],
    ]);
    expect(memberPageSchema.safeParse({ intent: "note", body: "x".repeat(MEMBER_NOTE_MAX) }).success).toBe(true);
    expect(messages(memberPageSchema.safeParse({ intent: "note", body: "x".repeat(MEMBER_NOTE_MAX + 1) }))).toEqual([
      ["body", `Note must be less than ${MEMBER_NOTE_MAX} characters`],
    ]);
    expect(messages(memberPageSchema.safeParse({ intent: "note", body: "a\u0000b" }))).toEqual([
      ["body", "Note contains characters that are not allowed"],
    ]);
    expect(messages(memberPageSchema.safeParse({ intent: "delete" }))).toEqual([["intent", "Unknown change"]]);
    expect(messages(memberPageSchema.safeParse({}))).toEqual([["intent", "Unknown change"]]);
  });
});

describe("memberAccountSchema (ban and unban)", () => {
  it("reads a ban with its reason, and an unban", () => {
    expect(memberAccountSchema.parse({ intent: "ban", reason: " Chargebacks " })).toEqual({
      intent: "ban",
      reason: "Chargebacks",
    });
    expect(memberAccountSchema.parse({ intent: "unban" })).toEqual({ intent: "unban" });
  });

  it("requires a one-line reason within its length, and a known change", () => {
    expect(messages(memberAccountSchema.safeParse({ intent: "ban", reason: "" }))).toEqual([
      ["reason", "Reason is required"],
    ]);
    expect(messages(memberAccountSchema.safeParse({ intent: "ban", reason: "x".repeat(BAN_REASON_MAX + 1) }))).toEqual([
      ["reason", `Reason must be less than ${BAN_REASON_MAX} characters`],
    ]);
    expect(messages(memberAccountSchema.safeParse({ intent: "ban", reason: "two\nlines" }))).toEqual([
      ["reason", "Reason contains characters that are not allowed"],
    ]);
    expect(messages(memberAccountSchema.safeParse({ intent: "delete" }))).toEqual([["intent", "Unknown change"]]);
  });
});

describe("fixTelegramSchema", () => {
  it("applies the sign-up rule to the username", () => {
    expect(fixTelegramSchema.parse({ telegram: "@Trader_Joe" }).telegram).toBe("Trader_Joe");
    expect(fixTelegramSchema.safeParse({ telegram: "ab" }).success).toBe(false);
    expect(fixTelegramSchema.safeParse({}).success).toBe(false);
  });
});

describe("ledgerPageOf", () => {
  const pageOf = (query: string) => ledgerPageOf(new URLSearchParams(query));
  it("reads ?ledger=N, page 1 for anything that is not a page number", () => {
    expect(pageOf("ledger=1")).toBe(1);
    expect(pageOf("ledger=2")).toBe(2);
    expect(pageOf("ledger=40")).toBe(40);
    expect(pageOf("page=3")).toBe(1);
    for (const bad of ["", "0", "-3", "2.5", "x", "1e400", "9007199254740993"])
      expect(pageOf(`ledger=${bad}`), bad).toBe(1);
  });
});
