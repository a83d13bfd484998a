import { describe, expect, it } from "vitest";
import { auditFilterSchema, auditLogQuery, splitAuditTarget } from "./audit-log";

// The filters come from the page's query string, so every value arrives as text.
const issuesOf = (query: Record<string, string>) => {
  const parsed = auditFilterSchema.safeParse(query);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("auditFilterSchema (the audit log's filters)", () => {
  it('keeps each filter trimmed, and reads a blank or missing one as "any"', () => {
    expect(
      auditFilterSchema.parse({ who: " ops@example.com ", action: "\tplan.update ", target: " plan:3\n", page: "4" }),
    ).toStrictEqual({
      who: "ops@example.com",
      action: "plan.update",
      target: "plan:3",
      page: 4,
    });
    expect(auditFilterSchema.parse({ who: "   ", action: "", target: " " })).toStrictEqual({
      who: undefined,
      action: undefined,
      target: undefined,
      page: 1,
    });
    expect(auditFilterSchema.parse({})).toStrictEqual({ page: 1 });
  });

  it("bounds each filter, with the field's own words, counted after trimming", () => {
    expect(auditFilterSchema.parse({ who: `${"w".repeat(320)} ` }).who).toBe("w".repeat(320));
    expect(auditFilterSchema.parse({ action: ` ${"a".repeat(100)}` }).action).toBe("a".repeat(100));
    expect(auditFilterSchema.parse({ target: "t".repeat(200) }).target).toBe("t".repeat(200));
    expect(issuesOf({ who: "w".repeat(321) })).toEqual([
      { path: "who", message: "Staff member must be less than 320 characters" },
    ]);
    expect(issuesOf({ action: "a".repeat(101) })).toEqual([
      { path: "action", message: "Action must be less than 100 characters" },
    ]);
    expect(issuesOf({ target: "t".repeat(201) })).toEqual([
      { path: "target", message: "Target must be less than 200 characters" },
    ]);
  });

  it("reads the page leniently: a whole number from 1 to 1,000,000, else the first page", () => {
    expect(auditFilterSchema.parse({ page: "1" }).page).toBe(1);
    expect(auditFilterSchema.parse({ page: "2" }).page).toBe(2);
    expect(auditFilterSchema.parse({ page: "1000000" }).page).toBe(1_000_000);
    for (const page of ["0", "-3", "1000001", "2.5", "two", ""]) {
      expect(issuesOf({ page }), page).toEqual([]);
      expect(auditFilterSchema.parse({ page }).page, page).toBe(1);
    }
  });
});

describe("splitAuditTarget", () => {
  it("reads a bare type as every target of that type", () => {
    expect(splitAuditTarget("plan")).toStrictEqual({ type: "plan" });
    expect(splitAuditTarget("")).toStrictEqual({ type: "" });
  });

  it("splits at the first colon only, so an id may hold colons itself", () => {
    expect(splitAuditTarget("plan:3")).toStrictEqual({ type: "plan", id: "3" });
    expect(splitAuditTarget("member:cli:ops")).toStrictEqual({ type: "member", id: "cli:ops" });
    expect(splitAuditTarget(":3")).toStrictEqual({ type: "", id: "3" });
  });

  it("takes an empty id after the colon as no id", () => {
    expect(splitAuditTarget("plan:")).toStrictEqual({ type: "plan", id: undefined });
  });
});

describe("auditLogQuery: the address of a filtered page", () => {
  it("is empty for no filter and the first page", () => {
    expect(auditLogQuery({})).toBe("");
    expect(auditLogQuery({ page: 1 })).toBe("");
    expect(auditLogQuery({ who: "", action: "", target: "", page: 0 })).toBe("");
  });

  it("names each filter that is set on its own, encoded", () => {
    expect(auditLogQuery({ who: "ops@example.com" })).toBe("?who=ops%40example.com");
    expect(auditLogQuery({ action: "plan.update" })).toBe("?action=plan.update");
    expect(auditLogQuery({ target: "plan:3" })).toBe("?target=plan%3A3");
    expect(auditLogQuery({ page: 2 })).toBe("?page=2");
  });

  it("puts the filters first and the page last", () => {
    expect(auditLogQuery({ page: 12, target: "plan", action: "plan.update", who: "ops-token" })).toBe(
      "?who=ops-token&action=plan.update&target=plan&page=12",
    );
  });
});
