import { describe, expect, it } from "vitest";
import { blogListHref, MAX_SEARCH_LENGTH, normalizeSearch } from "./search-term";

describe("normalizeSearch", () => {
  it("trims, makes inner white space single and treats blank as no search", () => {
    expect(normalizeSearch("  stop \t loss\n ")).toBe("stop loss");
    expect(normalizeSearch("   ")).toBe("");
    expect(normalizeSearch(null)).toBe("");
  });

  it("cuts a long term at the limit the search box also has", () => {
    const term = normalizeSearch(`${"a".repeat(MAX_SEARCH_LENGTH - 1)} b`);
    expect(term).toBe("a".repeat(MAX_SEARCH_LENGTH - 1));
    expect(normalizeSearch("x".repeat(MAX_SEARCH_LENGTH + 50))).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe("blogListHref", () => {
  it("keeps a blank term and page 1 out of the address", () => {
    expect(blogListHref({ q: "  ", page: 1 })).toBe("/blog");
    expect(blogListHref({ q: "risk  management", page: 3 })).toBe("/blog?q=risk+management&page=3");
  });
});
