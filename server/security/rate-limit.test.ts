import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../tests/helpers/database.ts";
import type { DbOrTx } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { enforceRateLimit, pruneRateLimits } from "./rate-limit.ts";

/** A database whose counter statement answers `count` hits with `retryAfter` seconds left in the window. */
function counterAt(count: number, retryAfter: number): DbOrTx {
  return { execute: async () => ({ rows: [{ count, retry_after: retryAfter }] }) } as unknown as DbOrTx;
}

async function refusal(db: DbOrTx, message?: string): Promise<AppError> {
  const error = await enforceRateLimit({ db, key: "k", limit: 5, windowSeconds: 900, message }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('enforceRateLimit: the clear "Too many requests" answer', () => {
  it("lets a hit within the limit through", async () => {
    await expect(enforceRateLimit({ db: counterAt(5, 900), key: "k", limit: 5, windowSeconds: 900 })).resolves.toEqual({
      allowed: true,
      remaining: 0,
      retryAfterSeconds: 900,
    });
  });

  it("refuses the hit past the limit with a 429 that says how long to wait, in whole minutes rounded up", async () => {
    const cases: [number, string][] = [
      [1, "Too many requests. Please try again in 1 minute."],
      [60, "Too many requests. Please try again in 1 minute."],
      [61, "Too many requests. Please try again in 2 minutes."],
      [120, "Too many requests. Please try again in 2 minutes."],
      [900, "Too many requests. Please try again in 15 minutes."],
    ];
    for (const [seconds, message] of cases) {
      const error = await refusal(counterAt(6, seconds));
      expect(error, `${seconds} s`).toMatchObject({
        code: "RATE_LIMITED",
        status: 429,
        message,
        details: { retryAfterSeconds: seconds },
      });
    }
  });

  it("says the caller's own message instead, still with the wait for Retry-After", async () => {
    const error = await refusal(counterAt(6, 61), "Too many requests. Please try again later.");
    expect(error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many requests. Please try again later.",
      details: { retryAfterSeconds: 61 },
    });
  });
});

describeEachDatabase("pruneRateLimits", (database) => {
  it("deletes counters whose window ended long ago and keeps the live ones", async () => {
    const { db } = database();
    await db.insert(rateLimits).values([
      { key: "ended-two-hours-ago", count: 3, resetAt: sql`now() - interval '2 hours'` },
      { key: "ended-a-day-ago", count: 9, resetAt: sql`now() - interval '1 day'` },
      { key: "live", count: 1, resetAt: sql`now() + interval '10 minutes'` },
    ]);
    await pruneRateLimits({ db });
    const left = await db.select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits);
    expect(left).toEqual([{ key: "live", count: 1 }]);
  });
});
