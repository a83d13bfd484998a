import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { pgError } from "#server/db/db-errors";
import { profiles } from "#server/db/schema";

/** A call's outcome, kept instead of thrown, so two racing calls are both looked at. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** True for PostgreSQL's "deadlock detected" anywhere in the error's cause chain. */
export const isDeadlock = (error: unknown) => pgError(error).code === "40P01";

/** Polls PostgreSQL until `count` sessions of this database are waiting for a lock. */
export async function waitForLockWaiters(db: Db, count: number) {
  for (;;) {
    const waiting = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if (waiting.rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * PostgreSQL only: runs `first` and then `second` while a transaction holds the member's profile row,
 * each started once the one before waits for a lock, then lets them go. Both then meet in the order
 * they queued, which makes a lock-order cycle between them happen every time instead of by chance.
 * `hold` chooses what the gate locks (the member's profile row when not given).
 */
export async function raceBehindGate<A, B>(options: {
  db: Db;
  userId: string;
  first: () => Promise<A>;
  second: () => Promise<B>;
  hold?: (tx: Tx) => Promise<unknown>;
}): Promise<[Settled<A>, Settled<B>]> {
  const { db, userId } = options;
  let first: Promise<Settled<A>> | undefined;
  let second: Promise<Settled<B>> | undefined;
  await db.transaction(async (tx) => {
    const before = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    const waiting = before.rows[0]!.n;
    if (options.hold) await options.hold(tx);
    else await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for("update");
    first = settle(options.first());
    await waitForLockWaiters(db, waiting + 1);
    second = settle(options.second());
    await waitForLockWaiters(db, waiting + 2);
  });
  return [await first!, await second!];
}

/**
 * PostgreSQL only: holds the member's profile row in a transaction, starts `behind` (a checkout,
 * which then waits for that row), runs `change` in the holding transaction once `behind` waits,
 * and commits: `behind` then goes on after what `change` wrote. Returns `behind`'s outcome.
 */
export async function runBehindMemberLock<T>(options: {
  db: Db;
  userId: string;
  behind: () => Promise<T>;
  change: (tx: Tx) => Promise<unknown>;
}): Promise<T> {
  const { db, userId } = options;
  let behind: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for("update");
    behind = options.behind();
    // Caught at once so an early failure is not an unhandled rejection; awaited below.
    behind.catch(() => {});
    await waitForLockWaiters(db, 1);
    await options.change(tx);
  });
  return await behind!;
}
