import { describe, expect, it } from "vitest";
import {
  NEWSLETTER_PAGE_SIZE,
  NEWSLETTER_SEARCH_MAX,
  newsletterActionSchema,
  newsletterFilterSchema,
} from "./newsletter";

const issuesOf = (input: unknown) => {
  const parsed = newsletterActionSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("the Newsletter page's limits", () => {
  it("search at most 100 characters and show 50 subscribers a page", () => {
    expect(NEWSLETTER_SEARCH_MAX).toBe(100);
    expect(NEWSLETTER_PAGE_SIZE).toBe(50);
  });
});

describe("newsletterFilterSchema: the subscriber list's address, read leniently", () => {
  it("shows every subscriber from the first page when nothing is asked", () => {
    expect(newsletterFilterSchema.parse({})).toStrictEqual({ q: "", status: "all", page: 1 });
  });

  it("keeps the search trimmed and cuts it to 100 characters instead of refusing it", () => {
    expect(newsletterFilterSchema.parse({ q: "  ada@example.com\t" }).q).toBe("ada@example.com");
    expect(newsletterFilterSchema.parse({ q: ` ${"q".repeat(100)} ` }).q).toBe("q".repeat(100));
    expect(newsletterFilterSchema.parse({ q: `${"q".repeat(100)}r` }).q).toBe("q".repeat(100));
    expect(newsletterFilterSchema.parse({ q: "   " }).q).toBe("");
  });

  it("filters by each status, and shows all for an unknown one", () => {
    for (const status of ["all", "confirmed", "pending", "unsubscribed"]) {
      expect(newsletterFilterSchema.parse({ status }).status, status).toBe(status);
    }
    for (const status of ["", "deleted", "Confirmed", "bounced"]) {
      expect(newsletterFilterSchema.parse({ status }).status, status).toBe("all");
    }
  });

  it("reads the page as a whole number from 1 to 100,000, else the first page", () => {
    expect(newsletterFilterSchema.parse({ page: "2" }).page).toBe(2);
    expect(newsletterFilterSchema.parse({ page: "100000" }).page).toBe(100_000);
    for (const page of ["1", "0", "-1", "100001", "1.5", "abc", ""]) {
      expect(newsletterFilterSchema.parse({ page }).page, page).toBe(1);
    }
  });
});

describe("newsletterActionSchema: the staff actions, read strictly", () => {
  it("unsubscribes one subscriber by id, as form text or a JSON number", () => {
    expect(newsletterActionSchema.parse({ intent: "unsubscribe", subscriberId: "12" })).toStrictEqual({
      intent: "unsubscribe",
      subscriberId: 12,
    });
    expect(newsletterActionSchema.parse({ intent: "unsubscribe", subscriberId: 7, postId: 3 })).toStrictEqual({
      intent: "unsubscribe",
      subscriberId: 7,
    });
  });

  it("retries one post's sending by the post's id", () => {
    expect(newsletterActionSchema.parse({ intent: "retry", postId: "5" })).toStrictEqual({
      intent: "retry",
      postId: 5,
    });
  });

  it("takes ids up to the database's largest integer", () => {
    expect(newsletterActionSchema.parse({ intent: "retry", postId: "2147483647" })).toStrictEqual({
      intent: "retry",
      postId: 2_147_483_647,
    });
    expect(issuesOf({ intent: "retry", postId: "2147483648" })).toEqual([{ path: "postId", message: "Which post?" }]);
  });

  it("asks which subscriber or post when the id is missing or not a positive whole number", () => {
    for (const id of [undefined, null, true, "", "abc", "0", "-1", "1.5", 0, -3, 2.5]) {
      expect(issuesOf({ intent: "unsubscribe", subscriberId: id }), String(id)).toEqual([
        { path: "subscriberId", message: "Which subscriber?" },
      ]);
      expect(issuesOf({ intent: "retry", postId: id }), String(id)).toEqual([
        { path: "postId", message: "Which post?" },
      ]);
    }
    // Each action reads its own id only.
    expect(issuesOf({ intent: "unsubscribe", postId: "5" })).toEqual([
      { path: "subscriberId", message: "Which subscriber?" },
    ]);
    expect(issuesOf({ intent: "retry", subscriberId: "5" })).toEqual([{ path: "postId", message: "Which post?" }]);
  });

  it("refuses any other action", () => {
    for (const intent of [undefined, "", "delete", "Retry"]) {
      expect(issuesOf({ intent, subscriberId: "1", postId: "1" }), String(intent)).toEqual([
        { path: "intent", message: "Unknown action." },
      ]);
    }
  });
});
