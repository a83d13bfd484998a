import { setTimeout as pause } from "node:timers/promises";
import type { Database } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";

/**
 * Runs `work` on exactly one instance (DESIGN.md §8): on PostgreSQL the holder of a session
 * advisory lock on a dedicated connection runs it; the others retry, and one takes over when
 * the holder dies (its connection closes, the lock is released). The embedded database serves
 * one process, which simply runs it.
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
    while (!signal.aborted) {
      let client;
      try {
        client = await pool.connect();
        const got = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [lockKey]);
        if (got.rows[0]?.ok) {
          log.info({ job: name }, "this instance runs the singleton job");
          // Losing the connection loses the lock: stop working so another instance can lead.
          const lost = new AbortController();
          const onAbort = () => lost.abort();
          signal.addEventListener("abort", onAbort);
          client.once("error", () => lost.abort());
          try {
            await work(lost.signal);
          } finally {
            signal.removeEventListener("abort", onAbort);
            await client.query("select pg_advisory_unlock($1)", [lockKey]).catch(() => {});
          }
        }
      } catch (error) {
        log.warn({ job: name, err: (error as Error).message }, "singleton job lock failed; retrying");
      } finally {
        client?.release();
      }
      // Retry after retryMs (a timer that does not keep the process alive), or stop at once on abort.
      await pause(retryMs, undefined, { signal, ref: false }).catch((error: unknown) => {
        if (!signal.aborted) throw error;
      });
    }
  })();
}
