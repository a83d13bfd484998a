import { describe, expect, it } from "vitest";
import { listQuery } from "./list-query";

describe("listQuery", () => {
  it("leaves empty values out and keeps the rest in order", () => {
    expect(listQuery({ q: "anna", status: null, assigned: undefined, kind: "", deleted: false, page: 2 })).toBe(
      "?q=anna&page=2",
    );
  });

  it("writes a ticked filter as 1 and encodes text", () => {
    expect(listQuery({ q: "a&b c", banned: true })).toBe("?q=a%26b+c&banned=1");
  });

  it("is a bare ? when nothing is set, a link to the unfiltered list", () => {
    expect(listQuery({ q: "", page: null })).toBe("?");
  });

  it("keeps a zero", () => {
    expect(listQuery({ page: 0 })).toBe("?page=0");
  });
});
