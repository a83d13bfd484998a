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

/** A pipelined node-postgres client's queries written and not yet answered (the one answering, and those behind it). */
type Pipelined = { _activeQuery?: unknown; _sentQueryQueue?: unknown[] };

function sentAndUnanswered(client: unknown): number {
  const { _activeQuery: active, _sentQueryQueue: sent } = client as Pipelined;
  return (active ? 1 : 0) + (Array.isArray(sent) ? sent.length : 0);
}

/**
 * `last()` as a promise, its work started now: a Drizzle query is a thenable that sends only when
 * its `then` is called, which `await` or an async function's return would do a tick later.
 */
function startNow<T>(last: () => Promise<T>): Promise<T> {
  try {
    const returned = last();
    return new Promise<T>((resolve, reject) => void returned.then(resolve, reject));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * Ends the transaction with `last`'s statement, sending COMMIT behind it in the same write: one
 * round trip instead of two. Nothing may follow in the transaction, and `last` must hand its one
 * statement to the client at once (before its first await), as Drizzle's queries do. When the
 * statement fails, the COMMIT behind it answers ROLLBACK (a failed transaction cannot commit):
 * nothing is committed and the statement's error is what this throws. Under PGlite, and when
 * `last` sent nothing at once, it is `last()` followed by the usual commit.
 */
export type CommitWith = <T>(last: () => Promise<T>) => Promise<T>;

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
  /** `commitWith` may send the transaction's last statement with its COMMIT (see CommitWith). */
  rest: (tx: Tx, read: Read, commitWith: CommitWith) => Promise<Result>;
}): Promise<Result> {
  const { db, read, rest } = options;
  const session = (db as unknown as { session: unknown }).session;
  const plain = () => db.transaction(async (tx) => rest(tx, await read(tx), (last) => last()));
  if (!(session instanceof NodePgSession)) return plain();
  const parts = session as unknown as SessionParts;
  if (!(parts.client instanceof pg.Pool)) return plain();
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
    // Once COMMIT is sent (or the transaction failed with it), neither COMMIT nor ROLLBACK is sent again.
    let ended = false;
    const commitWith: CommitWith = async <T>(last: () => Promise<T>) => {
      if (ended) throw new Error("runTransactionReadingFirst: the transaction has already ended");
      const before = sentAndUnanswered(client);
      let writing: Promise<T>;
      let committing: Promise<pg.QueryResult> | null = null;
      stream?.cork?.();
      try {
        writing = startNow(last);
        // COMMIT may only follow a statement already written: one that was not (refused by the
        // client, or sent after an await) would run after the commit, or never.
        if (sentAndUnanswered(client) > before) committing = client.query("commit");
      } finally {
        stream?.uncork?.();
      }
      if (!committing) {
        const value = await writing;
        ended = true;
        await client.query("commit");
        return value;
      }
      ended = true;
      const [wrote, committed] = await Promise.allSettled([writing, committing]);
      const command = committed.status === "fulfilled" ? committed.value.command : null;
      if (wrote.status === "rejected") {
        if (command === "COMMIT")
          throw new Error("runTransactionReadingFirst: committed, but the last statement's answer failed", {
            cause: wrote.reason,
          });
        throw wrote.reason;
      }
      if (committed.status === "rejected") throw committed.reason;
      if (command !== "COMMIT")
        throw new Error(`runTransactionReadingFirst: COMMIT answered ${command}, nothing committed`);
      return wrote.value;
    };
    try {
      if (readDone.status === "rejected") throw readDone.reason;
      const result = await rest(tx, readDone.value, commitWith);
      if (!ended) await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (!ended) await tx.execute(sql`rollback`);
      throw error;
    }
  } finally {
    client.release();
  }
}
