import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isRetryableDbError, pgError, withRetry } from "./db-errors.ts";
import { ReadOnlyServerError } from "./hosts.ts";

const wrapped = (code: string) =>
  Object.assign(new Error("query failed"), { cause: Object.assign(new Error("pg"), { code, constraint: "c" }) });

describe("database error helpers", () => {
  it("find the PostgreSQL code in the cause chain", () => {
    // The driver's own error is the one read: its message, not the wrapper's.
    expect(pgError(wrapped("23505"))).toEqual({ code: "23505", constraint: "c", message: "pg" });
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

  it("tell a database that is away (restart, failover, network) from a request that is wrong", () => {
    const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
    const drizzle = (cause: Error) => Object.assign(new Error("Failed query: select 1"), { cause });
    for (const away of [
      drizzle(socket("ECONNREFUSED")),
      drizzle(socket("ECONNRESET")),
      wrapped("57P01"), // terminating connection due to administrator command
      wrapped("57P02"),
      wrapped("57P03"), // the database system is starting up
      wrapped("08006"),
      wrapped("53300"),
      wrapped("25006"), // cannot execute INSERT in a read-only transaction: a standby answered
      drizzle(new Error("Connection terminated unexpectedly")),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
      Object.assign(new Error("The database is closed: this server is stopping."), { name: "DatabaseClosedError" }),
      new ReadOnlyServerError("db-b:5432", "read-write"),
      drizzle(new AggregateError([socket("ECONNREFUSED"), socket("ECONNREFUSED")], "")),
    ]) {
      expect(isDatabaseUnavailable(away), String(away)).toBe(true);
    }
    for (const wrong of [
      wrapped("23505"),
      wrapped("40P01"),
      wrapped("22P02"),
      new Error("boom"),
      undefined,
      "ECONNREFUSED",
    ]) {
      expect(isDatabaseUnavailable(wrong), String(wrong)).toBe(false);
    }
    // A cause chain that loops ends the search.
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
