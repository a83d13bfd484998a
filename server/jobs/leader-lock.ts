import { setTimeout as pause } from "node:timers/promises";
import type pg from "pg";
import type { Database } from "../db/client.ts";
import { whenConnectionLost } from "../db/pool.ts";
import { getLogger } from "../lib/logger.ts";

/** After a lost connection or a failed attempt: the first retry, doubling up to the cap. */
const RECONNECT_MS = { first: 1_000, max: 5_000 };

/**
 * Runs `work` on exactly one instance: on PostgreSQL the holder of a session advisory lock on a
 * dedicated connection runs it; the others retry every `retryMs`, and one takes over when the
 * holder dies (its connection closes, the lock is released). The embedded database serves one
 * process, which simply runs it.
 *
 * A database restart or failover ends the holder's connection and with it the lock: the work
 * stops, and every instance tries again within seconds (1 s, then doubling to 5 s while the
 * database is away), so one of them leads again soon after the database is back.
 */
export function runAsLeader(options: {
  database: Database;
  lockKey: number;
  name: string;
  signal: AbortSignal;
  work: (signal: AbortSignal) => Promise<void>;
  retryMs?: number;
}) {
  const { database, lockKey, name, signal, work } = options;
  const log = getLogger();
  const retryMs = options.retryMs ?? 30_000;
  const pool = database.pool;
  if (database.kind === "pglite" || !pool) return work(signal);

  return (async () => {
    // Consecutive attempts that failed for the database's sake (no connection, or it was lost).
    let failures = 0;
    while (!signal.aborted) {
      let client: pg.PoolClient | undefined;
      let lostConnection: Error | undefined;
      try {
        client = await pool.connect();
        const got = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [lockKey]);
        failures = 0;
        if (got.rows[0]?.ok) {
          log.info({ job: name }, "this instance runs the singleton job");
          // Losing the connection loses the lock: stop working so another instance can lead.
          const lost = new AbortController();
          const onAbort = () => lost.abort();
          signal.addEventListener("abort", onAbort);
          // Heard even when the connection was lost before this listened (with the lock's answer).
          const stopListening = whenConnectionLost(client, (error) => {
            log.warn(
              { job: name, err: error.message },
              "singleton job lost its database connection; it stops until the lock is taken again",
            );
            lostConnection ??= error;
            lost.abort();
          });
          try {
            await work(lost.signal);
          } catch (error) {
            log.warn({ job: name, err: (error as Error).message }, "singleton job failed; retrying");
          } finally {
            signal.removeEventListener("abort", onAbort);
            if (!lostConnection) await client.query("select pg_advisory_unlock($1)", [lockKey]).catch(() => {});
            stopListening();
          }
        }
      } catch (error) {
        lostConnection ??= error as Error;
        log.warn({ job: name, err: (error as Error).message }, "singleton job lock failed; retrying");
      } finally {
        // A broken connection is discarded by the pool, never handed out again.
        client?.release(lostConnection);
      }
      if (lostConnection) failures++;
      const wait =
        failures > 0 ? Math.min(RECONNECT_MS.first * 2 ** (failures - 1), RECONNECT_MS.max, retryMs) : retryMs;
      // A timer that does not keep the process alive; a stop ends the wait at once.
      await pause(wait, undefined, { signal, ref: false }).catch((error: unknown) => {
        if (!signal.aborted) throw error;
      });
    }
  })();
}
