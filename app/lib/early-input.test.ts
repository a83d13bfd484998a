import { describe, expect, it } from "vitest";
import { EARLY_INPUT_SCRIPT } from "./early-input";

describe("the early input script", () => {
  it("is one line of valid JavaScript once its indentation is taken out", () => {
    expect(EARLY_INPUT_SCRIPT).not.toMatch(/\n/);
    expect(() => new Function(EARLY_INPUT_SCRIPT)).not.toThrow();
  });

  it("holds no sequence that would end its inline <script> early or break its hash", () => {
    expect(EARLY_INPUT_SCRIPT).not.toMatch(/<\/script|<!--|\r|\0/i);
  });
});
