import { describe, expect, it } from "vitest";
import {
  INBOX_PAGE_SIZE,
  INBOX_SEARCH_MAX,
  INBOX_THREAD_MESSAGES_MAX,
  inboxActionSchema,
  inboxFilterSchema,
  inboxThreadSchema,
} from "./inbox";

const issuesOf = (input: unknown) => {
  const parsed = inboxActionSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("inboxFilterSchema: the list's address, read leniently", () => {
  it("shows the messages not closed, anyone's, from the first page when nothing is asked", () => {
    expect(inboxFilterSchema.parse({})).toStrictEqual({ q: "", status: "active", assigned: "anyone", page: 1 });
    expect(INBOX_PAGE_SIZE).toBe(30);
  });

  it("keeps what it knows and falls back to the default for anything else", () => {
    expect(inboxFilterSchema.parse({ q: " ada ", status: "closed", assigned: "mine", page: "3" })).toStrictEqual({
      q: "ada",
      status: "closed",
      assigned: "mine",
      page: 3,
    });
    expect(inboxFilterSchema.parse({ status: "gone", assigned: "his", page: "0" })).toStrictEqual({
      q: "",
      status: "active",
      assigned: "anyone",
      page: 1,
    });
    expect(inboxFilterSchema.parse({ q: "q".repeat(500) }).q).toHaveLength(INBOX_SEARCH_MAX);
  });
});

describe("inboxThreadSchema: how many of the sender's messages the page shows", () => {
  it("reads ?messages=N, and drops anything else to the default", () => {
    expect(inboxThreadSchema.parse({ messages: "200" })).toEqual({ messages: 200 });
    expect(inboxThreadSchema.parse({})).toEqual({ messages: undefined });
    for (const bad of ["0", "-5", "2.5", "lots", String(INBOX_THREAD_MESSAGES_MAX + 1)])
      expect(inboxThreadSchema.parse({ messages: bad })).toEqual({ messages: undefined });
  });
});

describe("inboxActionSchema: a message's changes, read strictly", () => {
  it("takes a status, an assignee (empty: nobody), a note and a reply", () => {
    expect(inboxActionSchema.parse({ intent: "open" })).toEqual({ intent: "open" });
    expect(inboxActionSchema.parse({ intent: "status", status: "closed" })).toEqual({
      intent: "status",
      status: "closed",
    });
    expect(inboxActionSchema.parse({ intent: "assign", assignee: "" })).toEqual({ intent: "assign", assignee: "" });
    expect(inboxActionSchema.parse({ intent: "reply", body: "  Hi\nthere " })).toEqual({
      intent: "reply",
      body: "Hi\nthere",
    });
  });

  it("refuses with the field's own message", () => {
    expect(issuesOf({ intent: "status", status: "spam" })).toEqual([{ path: "status", message: "Choose a status." }]);
    expect(issuesOf({ intent: "note", body: " " })).toEqual([{ path: "body", message: "Note is required" }]);
    expect(issuesOf({ intent: "reply", body: "x".repeat(5001) })).toEqual([
      { path: "body", message: "Reply must be less than 5000 characters" },
    ]);
    expect(issuesOf({ intent: "reply", body: "a\u0007b" })).toEqual([
      { path: "body", message: "Reply contains characters that are not allowed" },
    ]);
    expect(issuesOf({ intent: "assign", assignee: "x".repeat(101) })).toEqual([
      { path: "assignee", message: "Choose a staff member." },
    ]);
    expect(issuesOf({ intent: "archive" })).toEqual([{ path: "intent", message: "Unknown action." }]);
  });
});

describe("inbox edge cases", () => {
  it("drops a search holding a control character; a tab is kept", () => {
    expect(inboxFilterSchema.parse({ q: "ada\u0000" }).q).toBe("");
    expect(inboxFilterSchema.parse({ q: "ada\tlovelace" }).q).toBe("ada\tlovelace");
    expect(inboxFilterSchema.parse({ q: 42 }).q).toBe("");
  });

  it("keeps a note's and a reply's line breaks and tabs, and names the assignee's problem", () => {
    expect(inboxActionSchema.parse({ intent: "note", body: "a\n\tb" })).toEqual({ intent: "note", body: "a\n\tb" });
    expect(issuesOf({ intent: "assign" })).toEqual([{ path: "assignee", message: "Choose a staff member." }]);
    expect(issuesOf({ intent: "assign", assignee: "x".repeat(100) })).toEqual([]);
    expect(issuesOf({ intent: "assign", assignee: "a\u0000b" })).toEqual([
      { path: "assignee", message: "Choose a staff member." },
    ]);
  });
});
