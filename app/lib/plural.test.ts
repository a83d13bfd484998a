import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("says one thing in the singular and any other count in the plural, with thousands separated", () => {
    expect(plural(1, "result")).toBe("1 result");
    expect(plural(0, "result")).toBe("0 results");
    expect(plural(2, "member balance")).toBe("2 member balances");
    expect(plural(12_345, "plan")).toBe("12,345 plans");
  });
});
