import { describe, expect, it } from "vitest";
import { isRetryableDbError, pgError, withRetry } from "./db-errors.ts";

const wrapped = (code: string) => Object.assign(new Error("query failed"), { cause: Object.assign(new Error("pg"), { code, constraint: "c" }) });

describe("database error helpers", () => {
  it("find the PostgreSQL code in the cause chain", () => {
    expect(pgError(wrapped("23505"))).toEqual({ code: "23505", constraint: "c" });
    expect(pgError(new Error("plain"))).toEqual({});
    expect(isRetryableDbError(wrapped("40P01"))).toBe(true);
    expect(isRetryableDbError(wrapped("23503"))).toBe(false);
  });

  it("retry only retryable failures, a bounded number of times", async () => {
    let calls = 0;
    await expect(withRetry(async () => (++calls < 3 ? Promise.reject(wrapped("23505")) : "ok"))).resolves.toBe("ok");
    expect(calls).toBe(3);
    calls = 0;
    await expect(withRetry(async () => (++calls, Promise.reject(wrapped("23505"))))).rejects.toThrow("query failed");
    expect(calls).toBe(3);
    calls = 0;
    await expect(withRetry(async () => (++calls, Promise.reject(new Error("boom"))))).rejects.toThrow("boom");
    expect(calls).toBe(1);
  });
});
