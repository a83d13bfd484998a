import { describe, expect, it } from "vitest";
import { tryAgainText } from "./try-again";

describe("tryAgainText", () => {
  it.each([
    [300, "Too many attempts. Try again in 5 minutes."],
    [1, "Too many attempts. Try again in 1 second."],
    [0, "Too many attempts. Try again in 1 second."],
    [2.2, "Too many attempts. Try again in 3 seconds."],
    [59, "Too many attempts. Try again in 59 seconds."],
    [60, "Too many attempts. Try again in 1 minute."],
    [61, "Too many attempts. Try again in 2 minutes."],
    [899, "Too many attempts. Try again in 15 minutes."],
    [3540, "Too many attempts. Try again in 59 minutes."],
    [3600, "Too many attempts. Try again in 1 hour."],
    [3601, "Too many attempts. Try again in 2 hours."],
  ])("%s seconds: %j (never sooner than the wait)", (seconds, text) => {
    expect(tryAgainText(seconds)).toBe(text);
  });
});
