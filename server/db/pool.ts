import pg from "pg";
import type { Hosts } from "./hosts.ts";

/** How long a request waits for a connection (a new one, or a free one of the pool) before it gives up. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Where a client of the pool keeps the error its connection was lost with. */
const LOST = Symbol("lost connection");
/** Which of DATABASE_URL's hosts a client of the pool went to. */
const HOST = Symbol("host");
type Tracked = pg.ClientBase & { [LOST]?: Error; [HOST]?: number };

/**
 * Errors after which a connection is not used again: the server ended it or is ending it (a FATAL
 * error answers the query, the socket closes a moment later), the connection itself failed, or
 * the server turned out to be read-only (a standby, or an old primary back after a failover):
 * the next connection may reach the one that accepts writes.
 */
function endsTheConnection(error: unknown) {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return (
    severity === "FATAL" ||
    severity === "PANIC" ||
    (typeof code === "string" && (/^(08...|57P0[123])$/.test(code) || code === "25006"))
  );
}

/**
 * Calls `onLost` once when `client`'s connection is lost, at once if it already was (the error
 * may have come before its holder started listening). Returns a function that stops listening.
 */
export function whenConnectionLost(client: pg.ClientBase, onLost: (error: Error) => void): () => void {
  const tracked = client as Tracked;
  if (tracked[LOST]) {
    onLost(tracked[LOST]);
    return () => {};
  }
  const listener = (error: Error) => {
    tracked.off("error", listener);
    onLost(error);
  };
  tracked.on("error", listener);
  return () => tracked.off("error", listener);
}

/**
 * node-postgres' pool, made to outlive a restart or failover of its database.
 *
 * node-postgres reports a lost connection as an `error` event on the client, and an `error` event
 * that nobody listens to ends the process. The pool's own listeners leave gaps: it stops listening
 * when it hands a client out, and a client handed out while node-postgres is still reading one
 * network chunk (a query just finished on it, the next holder waits in a promise) meets the next
 * message of that chunk — the server's 57P01 when it restarts — before its holder can listen. So
 * every client of this pool listens to itself from its creation to its end: the error is heard
 * there and recorded on the client, whoever holds it (or nobody).
 *
 * A checked-out client (a transaction, a lock holder) is moreover handed back at once on its first
 * error, marked broken so that the pool discards it: its holder's queries already fail, its
 * holder's own release becomes a no-op, and a holder that never releases (Drizzle does not when
 * BEGIN itself fails) cannot leak a slot of the pool. A client is also discarded when a query on it
 * failed in a way that ends or disqualifies the connection (see endsTheConnection), and a client
 * whose connection was lost before it was handed out is discarded for a fresh one.
 *
 * Each new client goes to the host `hosts` picks (DATABASE_URL may list a primary and its
 * standbys) and is checked against target_session_attrs before anyone uses it; a connection that
 * cannot be made or lands on a standby is tried again on the next host (see ./hosts.ts).
 */
export function createPool(options: { hosts: Hosts; max: number; onConnectionError: (error: Error) => void }): pg.Pool {
  const { hosts, onConnectionError } = options;

  class ListenedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      const host = hosts.pick();
      super({ ...config, connectionString: host.url });
      (this as Tracked)[HOST] = host.index;
      hosts.prepare(this);
      // A connection that cannot be made sends the next one to the next host.
      const connect = this.connect.bind(this) as (callback: (error?: Error) => void) => void;
      this.connect = ((callback: (error?: Error) => void) =>
        connect((error) => {
          if (error) hosts.failed(host.index);
          callback(error);
        })) as pg.Client["connect"];
      this.on("error", (error: Error) => {
        const tracked = this as Tracked;
        if (tracked[LOST]) return; // a dropped connection reports twice: 57P01, then the closed socket
        tracked[LOST] = error;
        onConnectionError(error);
      });
      // Drizzle queries a checked-out client through the promise form: a failure that ends or
      // disqualifies the connection marks it, so that its release discards it.
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise)
          result.catch((error: unknown) => {
            if (endsTheConnection(error)) (this as Tracked)[LOST] ??= error as Error;
          });
        return result;
      }) as pg.Client["query"];
    }
  }

  const guard = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    const done = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      stopListening();
      release(error || (client as Tracked)[LOST] || undefined);
    };
    const stopListening = whenConnectionLost(client, (error) => done(error));
    client.release = done;
    return client;
  };

  type ConnectCallback = (
    error: Error | undefined,
    client: pg.PoolClient | undefined,
    done: (release?: unknown) => void,
  ) => void;

  class ResilientPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback) {
      // The callback form is the pool's own `query()`, which listens for errors itself and
      // discards a client released with one.
      if (callback) return this.connectToAHost(hosts.count, callback);
      return this.connectLive();
    }

    /**
     * A new connection that could not be made, or landed on a server that must not be written to,
     * is tried again on the next host, each host once: the request waits for the primary rather
     * than failing while another host is left to try.
     */
    private connectToAHost(tries: number, callback: ConnectCallback) {
      super.connect((error, client, done) => {
        // "timeout exceeded" is a wait for a free client of a full pool, not a host that failed.
        if (error && tries > 1 && !this.ending && error.message !== "timeout exceeded when trying to connect")
          return this.connectToAHost(tries - 1, callback);
        callback(error, client, done);
      });
    }

    /** A guarded client whose connection is still up: one lost while it waited idle is discarded. */
    private async connectLive(): Promise<pg.PoolClient> {
      for (let attempt = 1; ; attempt++) {
        const client = await new Promise<pg.PoolClient>((resolve, reject) =>
          this.connectToAHost(hosts.count, (error, client) => (error ? reject(error) : resolve(client!))),
        );
        const lost = (client as Tracked)[LOST];
        if (!lost) return guard(client);
        client.release(lost);
        if (attempt >= options.max) throw lost;
      }
    }
  }

  const pool = new ResilientPool({
    max: options.max,
    Client: ListenedClient as unknown as new () => pg.ClientBase,
    // Every new connection is checked against target_session_attrs before anyone uses it.
    onConnect: (client) => hosts.check(client as pg.Client, (client as Tracked)[HOST]!),
    // A database that does not answer at all (a failover's dropped packets) must not hold a
    // request forever: it gets its 503 after this, like one refused at once.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // A query is written as soon as it is asked for, not after the answer to the one before it:
    // a transaction can send BEGIN and its first statement in one round trip
    // (run-transaction-reading-first.ts). Code that awaits each answer before asking again, as
    // Drizzle does, sends exactly what it sent without this.
    pipeline: true,
    // The planner's default cost of a random page read (4) models a spinning disk; on SSDs and a
    // cached working set, 1.1 is the usual setting. Left at 4, PostgreSQL prefers reading a whole
    // large table to walking an index for the back office's reads (a member's page of 50, the
    // overview's index-only counts), which at 100 000 members turns milliseconds into hundreds.
    // A connection string that sets `options` itself replaces this.
    options: "-c random_page_cost=1.1",
  });
  // An idle client losing its connection is dropped by the pool, which then emits this: without
  // a listener it would end the process. The client's own listener has already logged it.
  pool.on("error", () => {});
  return pool;
}
