import { describe, expect, it } from "vitest";
import { signInDelaySeconds } from "./limits.ts";

describe("sign-in delay after failures for one email from one address", () => {
  it("three failures are free, then 1 s, 2 s, 4 s … doubling, never more than 5 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 50].map(signInDelaySeconds)).toEqual([
      0, 0, 0, 1, 2, 4, 8, 128, 256, 300, 300,
    ]);
  });
});
