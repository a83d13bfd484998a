import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window, in one atomic statement, so every
 * server instance sharing the database sees the same counter.
 */
export async function consumeRateLimit(options: {
  db: DbOrTx;
  key: string;
  limit: number;
  windowSeconds: number;
}): Promise<RateLimitResult> {
  const { db, key, limit, windowSeconds } = options;
  const rows = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_after
  `);
  const row = rows.rows[0]!;
  const count = Number(row.count);
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Number(row.retry_after)),
  };
}

/**
 * Throws the clear "Too many requests" error when the limit is spent: with the wait in minutes,
 * or with `message` (the account screens say "Too many requests. Please try again later." so
 * they reveal nothing about which counter tripped).
 */
export async function enforceRateLimit(options: Parameters<typeof consumeRateLimit>[0] & { message?: string }) {
  const result = await consumeRateLimit(options);
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw new AppError(
      "RATE_LIMITED",
      options.message ?? `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      { retryAfterSeconds: result.retryAfterSeconds },
    );
  }
  return result;
}

/**
 * Whether any of `keys` has already spent `limit` in its current window, without counting a hit:
 * for a limit that counts only failures (a wrong coupon code), checked before the attempt so a
 * lucky guess after the limit is refused like any other. An expression, so another statement can
 * read it as a column (a coupon's check reads it with the code): the longest wait in seconds among
 * the keys whose current window has spent `limit`, or null when none has (always null for no
 * keys). Every spent key refuses on its own, so the attempt is refused until the last of them
 * resets: a shorter wait would send the person back to be refused again. The keys travel as one
 * array parameter, so the statement's text is the same for any number of them (a kept statement's
 * must be: execute-kept.ts).
 */
export function spentRateLimitWait(options: { keys: readonly string[]; limit: number }): SQL<number | null> {
  const keys = sql`${sql.param([...options.keys])}::text[]`;
  // An aggregate over no rows is null: nothing spent.
  return sql<number | null>`(select max(greatest(1, ceil(extract(epoch from (spent.reset_at - now())))::int))
    from rate_limits spent
    where spent.key = any(${keys}) and spent.reset_at > now() and spent.count >= ${options.limit}::int)`;
}

/** Deletes expired counters; run from a periodic job. */
export async function pruneRateLimits({ db }: { db: DbOrTx }) {
  await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
}
