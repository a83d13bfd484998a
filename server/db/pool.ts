import pg from "pg";

/** How long a request waits for a connection (a new one, or a free one of the pool) before it gives up. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * node-postgres' pool, made to outlive a restart or failover of its database.
 *
 * node-postgres reports a lost connection as an `error` event on the client. The pool listens
 * only while a client is idle; a client that is checked out (a transaction, the job leader's
 * lock) and has no listener of its own ends the process with "Unhandled 'error' event" — and
 * a dropped connection emits twice (the server's 57P01, then "Connection terminated
 * unexpectedly"). So every checked-out client gets a listener for as long as it is out. On
 * the first error the client is handed back at once, marked broken so the pool discards it:
 * its holder's queries already fail (node-postgres rejects them), its holder's own release
 * becomes a no-op, and a holder that never releases (Drizzle does not when BEGIN itself
 * fails) cannot leak a slot of the pool. Releasing twice is harmless for the same reason.
 */
export function createPool(options: {
  connectionString: string;
  max: number;
  onConnectionError: (error: Error) => void;
}): pg.Pool {
  const { onConnectionError } = options;

  const guard = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
      onConnectionError(error);
      done(error);
    };
    const done = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off("error", onError);
      release(error || broken);
    };
    client.on("error", onError);
    client.release = done;
    return client;
  };

  class ResilientPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(
      callback: (
        error: Error | undefined,
        client: pg.PoolClient | undefined,
        done: (release?: unknown) => void,
      ) => void,
    ): void;
    override connect(
      callback?: (
        error: Error | undefined,
        client: pg.PoolClient | undefined,
        done: (release?: unknown) => void,
      ) => void,
    ) {
      // The callback form is the pool's own `query()`, which listens for errors itself.
      if (callback) return super.connect(callback);
      return super.connect().then(guard);
    }
  }

  const pool = new ResilientPool({
    connectionString: options.connectionString,
    max: options.max,
    // A database that does not answer at all (a failover's dropped packets) must not hold a
    // request forever: it gets its 503 after this, like one refused at once.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // The planner's default cost of a random page read (4) models a spinning disk; on SSDs and a
    // cached working set, 1.1 is the usual setting. Left at 4, PostgreSQL prefers reading a whole
    // large table to walking an index for the back office's reads (a member's page of 50, the
    // overview's index-only counts), which at 100 000 members turns milliseconds into hundreds.
    // A connection string that sets `options` itself replaces this.
    options: "-c random_page_cost=1.1",
  });
  // An idle client losing its connection is dropped by the pool, which then emits this: without
  // a listener it would end the process.
  pool.on("error", (error) => onConnectionError(error));
  return pool;
}
