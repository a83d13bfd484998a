import { describe, expect, it } from "vitest";
import { containsPattern, prefixPattern } from "./like-pattern";

describe("LIKE patterns", () => {
  it("take the term's wildcards and backslashes literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(prefixPattern("a_b")).toBe("a\\_b%");
    expect(containsPattern("plain")).toBe("%plain%");
  });
});
