import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { getConfig } from "../config.ts";
import { getLogger } from "../lib/logger.ts";
import { singleton } from "../lib/singleton.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { createHosts } from "./hosts.ts";
import { assertChannel, listenOnPostgres } from "./listen.ts";
import { pgliteExtensions } from "./pglite-extensions.ts";
import { createPool } from "./pool.ts";

// Both drivers produce the same PgDatabase API; we type everything against the
// node-postgres flavour so domain code has one Db type. Drizzle is given no schema: the code
// queries with the query builder and `sql` (tables imported from schema.ts), never with the
// relational `db.query.<table>` API, which a schema would build anew for every table in every
// transaction object (about 12 µs a transaction, a few percent of a purchase's Node time).
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The node-postgres pool when kind is "postgres" (session-level advisory locks need a dedicated client). */
  pool?: pg.Pool;
  /** Resolves when the database answers `select 1` within the timeout. */
  ping: (timeoutMs?: number) => Promise<boolean>;
  /** LISTEN on a channel; resolves to a function that stops listening (see ./listen.ts). */
  listen: (channel: string, onNotice: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** Work asked of a database after close() began (a server that is stopping). */
export class DatabaseClosedError extends Error {
  constructor() {
    super("The database is closed: this server is stopping.");
    this.name = "DatabaseClosedError";
  }
}

export type OpenOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  /** In-memory PGlite, for tests; `from` starts it as a copy of a dumped data folder (a migrated template). */
  | { memory: true; from?: Blob };

export function openDatabase(options: OpenOptions): Database {
  if ("databaseUrl" in options) {
    // A restart or failover of the database costs requests a 503 each (db-errors.ts), never the
    // process: see pool.ts. One line per lost connection, without a stack: it is not a bug here.
    // One host, or a primary and its standbys: new connections go to the one that accepts writes.
    const hosts = createHosts({
      databaseUrl: options.databaseUrl,
      onSwitch: (host) =>
        getLogger().warn({ host }, "database: new connections go to this server, which accepts writes"),
    });
    const pool = createPool({
      hosts,
      max: options.poolSize ?? 10,
      onConnectionError: (error) =>
        getLogger().warn({ err: error.message }, "database connection lost; the pool reconnects on demand"),
    });
    const db = drizzlePg({ client: pool });
    const listen = (channel: string, onNotice: (payload: string) => void) =>
      listenOnPostgres({ hosts, channel, onNotice });
    // Closing twice is harmless (pg throws on a second end()); queries after it are refused
    // by the pool with "Cannot use a pool after calling end on the pool".
    let ended: Promise<void> | undefined;
    return { db, kind: "postgres", pool, ping: pinger(db), listen, close: () => (ended ??= pool.end()) };
  }
  let release = () => {};
  let client: PGlite;
  if ("dataDir" in options) {
    release = lockDataDir(options.dataDir);
    client = new PGlite(path.join(options.dataDir, "pglite"), { extensions: pgliteExtensions });
  } else {
    client = new PGlite(
      options.from ? { loadDataDir: options.from, extensions: pgliteExtensions } : { extensions: pgliteExtensions },
    );
  }
  // PGlite starts opening inside its constructor. Every query awaits that opening and gets
  // its error, but a failed opening that nobody has queried yet (its folder removed, a
  // corrupt data directory) would otherwise surface as an unhandled rejection that can end
  // the process. Record it here; queries and close() still see it.
  let openingFailed: unknown;
  client.waitReady.catch((error: unknown) => {
    openingFailed = error;
    getLogger().error({ err: error }, "the embedded database could not be opened");
  });
  let closed = false;
  // Work that arrives while PGlite shuts down reaches a torn-down WASM module and fails with a
  // TypeError from its insides; refuse it at the door instead. Transactions already running
  // finish first: their statements go through the transaction, and PGlite's close() waits.
  // Only Drizzle's door is guarded: PGlite's own close() still runs its statements.
  const guarded = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (property !== "query" && property !== "exec" && property !== "transaction") return method;
      return (...args: unknown[]) => (closed ? Promise.reject(new DatabaseClosedError()) : method(...args));
    },
  });
  const db = drizzlePglite({ client: guarded }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // The timeout is for a database that stopped answering, not for one still opening (which
    // can take seconds on a busy machine): wait for the opening first.
    ping: async (timeoutMs) =>
      !closed &&
      (await client.waitReady.then(
        () => true,
        () => false,
      )) &&
      !closed &&
      (await pinger(db)(timeoutMs)),
    listen: async (channel, onNotice) => {
      const unlisten = await client.listen(assertChannel(channel), (payload) => onNotice(payload));
      return async () => {
        if (!closed) await unlisten();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        // Queries already queued finish first (PGlite runs them one at a time); later ones
        // are refused with "PGlite is closing" / "PGlite is closed".
        if (openingFailed === undefined) await client.close();
      } finally {
        release();
      }
    },
  };
}

function pinger(db: Db) {
  return async (timeoutMs = 2000) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The process-wide database chosen by the configuration (PGlite in DATA_DIR unless DATABASE_URL). */
export function getDatabase(): Database {
  return singleton("database", () => {
    const config = getConfig();
    return config.databaseUrl
      ? openDatabase({ databaseUrl: config.databaseUrl })
      : openDatabase({ dataDir: config.dataDir });
  });
}

export const getDb = () => getDatabase().db;
