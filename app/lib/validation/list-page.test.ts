import { describe, expect, it } from "vitest";
import { listPage, pageNumber } from "./list-page";

describe("listPage (a back-office list's ?page=)", () => {
  const page = listPage(50);

  it("keeps a page from 1 to the list's maximum", () => {
    expect(page.parse("1")).toBe(1);
    expect(page.parse("7")).toBe(7);
    expect(page.parse("50")).toBe(50);
  });

  it("reads anything else as the first page, so a hand-edited address still shows the list", () => {
    for (const value of [undefined, "", "0", "-3", "1.5", "abc", "51", "1e400", "9".repeat(30)]) {
      expect(page.parse(value), String(value)).toBe(1);
    }
  });
});

describe("pageNumber (for a list that reports a page it cannot show)", () => {
  it("refuses what listPage would read as the first page", () => {
    const page = pageNumber(50);
    expect(page.safeParse("50").success).toBe(true);
    for (const value of ["0", "1.5", "abc", "51"]) expect(page.safeParse(value).success, value).toBe(false);
  });
});
