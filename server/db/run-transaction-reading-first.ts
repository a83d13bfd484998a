import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db, Tx } from "./client.ts";

/** The parts of Drizzle's node-postgres session that its own transaction() is built from. */
type SessionParts = {
  client: unknown;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/** node-postgres' connection stream, corked so that the messages written meanwhile leave in one write. */
type Corkable = { connection?: { stream?: { cork?: () => void; uncork?: () => void } } };

/**
 * `db.transaction((tx) => rest(tx, await read(tx)))`, one round trip shorter on PostgreSQL: BEGIN
 * and `read`'s first statement leave together (the pool's clients are pipelined: pool.ts), where
 * Drizzle waits for BEGIN's answer before sending anything else. For a short transaction that is
 * a round trip of four (the purchase: BEGIN, its read, its write, COMMIT), and each round trip
 * costs both processes a wake-up on a small machine.
 *
 * `read` must only read: its first statement is written before BEGIN is answered, so if BEGIN
 * failed that statement ran on its own (a row lock it took ended with it) and nothing it did may
 * need undoing. BEGIN's failure is then what this throws. Once both answered, `rest` runs inside
 * the transaction as usual; an error in `read` or `rest` rolls it back and is thrown. The
 * transaction object, its COMMIT and ROLLBACK are those Drizzle's own transaction() makes.
 * On PGlite (one connection, nothing to pipeline) it is Drizzle's transaction().
 */
export async function runTransactionReadingFirst<Read, Result>(options: {
  db: Db;
  read: (tx: Tx) => Promise<Read>;
  rest: (tx: Tx, read: Read) => Promise<Result>;
}): Promise<Result> {
  const { db, read, rest } = options;
  const session = (db as unknown as { session: unknown }).session;
  if (!(session instanceof NodePgSession)) return db.transaction(async (tx) => rest(tx, await read(tx)));
  const parts = session as unknown as SessionParts;
  if (!(parts.client instanceof pg.Pool)) return db.transaction(async (tx) => rest(tx, await read(tx)));
  const client = await parts.client.connect();
  try {
    const own = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    const tx = new NodePgTransaction(parts.dialect, own, parts.schema) as unknown as Tx;
    // BEGIN is asked for first (a query promise of Drizzle's sends only when awaited: `then`
    // sends it now), then the read, whose first statement Drizzle hands to the client before its
    // own first await. Corked, both go out in one write; sent in order either way.
    const stream = (client as Corkable).connection?.stream;
    stream?.cork?.();
    let begun: Promise<unknown>;
    let reading: Promise<Read>;
    try {
      begun = tx.execute(sql`begin`).then(() => undefined);
      // A read that throws at once is a rejection like any other: BEGIN's answer is still awaited.
      reading = (async () => read(tx))();
    } finally {
      stream?.uncork?.();
    }
    // Both answered before going on, so the client is never released with a query in flight.
    const [began, readDone] = await Promise.allSettled([begun, reading]);
    if (began.status === "rejected") throw began.reason;
    try {
      if (readDone.status === "rejected") throw readDone.reason;
      const result = await rest(tx, readDone.value);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      await tx.execute(sql`rollback`);
      throw error;
    }
  } finally {
    client.release();
  }
}
