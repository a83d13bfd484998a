import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { getConfig } from "../config.ts";
import { singleton } from "../lib/singleton.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { assertChannel, listenOnPostgres } from "./listen.ts";
import * as schema from "./schema.ts";

// Both drivers produce the same PgDatabase API; we type everything against the
// node-postgres flavour so domain code has one Db type.
export type Db = NodePgDatabase<typeof schema>;
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

export type OpenOptions =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  /** In-memory PGlite, for tests. */
  | { memory: true };

export function openDatabase(options: OpenOptions): Database {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema });
    const listen = (channel: string, onNotice: (payload: string) => void) =>
      listenOnPostgres({ connectionString: options.databaseUrl, channel, onNotice });
    return { db, kind: "postgres", pool, ping: pinger(db), listen, close: () => pool.end() };
  }
  let release = () => {};
  let client: PGlite;
  if ("dataDir" in options) {
    release = lockDataDir(options.dataDir);
    client = new PGlite(path.join(options.dataDir, "pglite"));
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    ping: async (timeoutMs) => !closed && (await pinger(db)(timeoutMs)),
    listen: async (channel, onNotice) => {
      const unlisten = await client.listen(assertChannel(channel), (payload) => onNotice(payload));
      return async () => {
        if (!closed) await unlisten();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      release();
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
