import { describe, expect, it } from "vitest";
import { SEARCH_KINDS, SEARCH_MAX, SEARCH_MIN, searchMessages, searchParamsSchema } from "./search";

describe("the back office search's limits and words", () => {
  it("search members or posts for 2 to 100 characters", () => {
    expect([SEARCH_MIN, SEARCH_MAX]).toEqual([2, 100]);
    expect(SEARCH_KINDS).toEqual(["members", "posts"]);
    expect(searchMessages).toEqual({
      tooShort: "Type at least 2 characters.",
      tooLong: "Search for at most 100 characters.",
      characters: "The search contains characters that are not allowed.",
    });
  });
});

describe("searchParamsSchema", () => {
  it("reads nothing as an empty search of every kind from the first page", () => {
    expect(searchParamsSchema.parse({})).toStrictEqual({ q: "", page: 1 });
  });

  it("trims the query and folds any run of white space into one space", () => {
    expect(searchParamsSchema.parse({ q: "  ada \t lovelace\n" }).q).toBe("ada lovelace");
    expect(searchParamsSchema.parse({ q: "a  b   c" }).q).toBe("a b c");
    // Too short is the page's to say (it shows no results), not an error here.
    expect(searchParamsSchema.parse({ q: "a" }).q).toBe("a");
  });

  it("counts the query after folding, and refuses more than 100 characters", () => {
    expect(searchParamsSchema.parse({ q: `  ${"q".repeat(98)}      x ` }).q).toBe(`${"q".repeat(98)} x`);
    expect(searchParamsSchema.parse({ q: "q".repeat(100) }).q).toBe("q".repeat(100));
    const tooLong = searchParamsSchema.safeParse({ q: "q".repeat(101) });
    expect(
      tooLong.success
        ? []
        : tooLong.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    ).toEqual([{ path: "q", message: "Search for at most 100 characters." }]);
  });

  it("keeps a known kind, and ignores another", () => {
    expect(searchParamsSchema.parse({ kind: "members" }).kind).toBe("members");
    expect(searchParamsSchema.parse({ kind: "posts" }).kind).toBe("posts");
    for (const kind of ["", "users", "Posts"]) expect(searchParamsSchema.parse({ kind }).kind, kind).toBeUndefined();
  });

  it("reads the page as a whole number from 1 to 10,000, else the first page", () => {
    expect(searchParamsSchema.parse({ page: "2" }).page).toBe(2);
    expect(searchParamsSchema.parse({ page: "10000" }).page).toBe(10_000);
    for (const page of ["1", "0", "-1", "10001", "1.5", "abc", ""])
      expect(searchParamsSchema.parse({ page }).page, page).toBe(1);
  });
});
