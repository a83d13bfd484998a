import { describe, expect, it } from "vitest";
import { createUnsubscribeToken, readUnsubscribeToken } from "./unsubscribe-token.ts";

const SECRET = "test-secret-test-secret-test-secret";

describe("unsubscribe tokens", () => {
  it("name the subscriber they were made for", () => {
    expect(readUnsubscribeToken(createUnsubscribeToken(42, SECRET), SECRET)).toBe(42);
  });

  it("cannot be moved to another subscriber or made with another secret", () => {
    const [, signature] = createUnsubscribeToken(42, SECRET).split(".");
    expect(readUnsubscribeToken(`43.${signature}`, SECRET)).toBeNull();
    expect(readUnsubscribeToken(createUnsubscribeToken(42, "another-secret-another-secret"), SECRET)).toBeNull();
  });

  it("refuse anything malformed", () => {
    for (const token of [
      undefined,
      null,
      42,
      "",
      "42",
      "42.",
      ".abc",
      "x.y",
      `42.${"A".repeat(42)}`,
      "9".repeat(200),
    ]) {
      expect(readUnsubscribeToken(token, SECRET)).toBeNull();
    }
  });
});
