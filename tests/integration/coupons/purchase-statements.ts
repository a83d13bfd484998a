import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "#server/db/client";

// A purchase sends its big statements through executeKept (kept prepared on PostgreSQL) and opens
// its transaction past db.transaction there (BEGIN sent with the first read). A test that watches
// a purchase's statements mocks both modules with these, which go through tx.execute and
// db.transaction again so that changedBeforeWrite sees every statement:
//   vi.mock("#server/db/execute-kept", () => import("./purchase-statements"));
//   vi.mock("#server/db/run-transaction-reading-first", () => import("./purchase-statements"));
// Naming and the real transaction are checked in execute-kept.test.ts and its neighbours.

export const executeKept = (options: { db: Tx; query: SQL }) => options.db.execute(options.query);

export const runTransactionReadingFirst = (options: {
  db: Db;
  read: (tx: Tx) => Promise<unknown>;
  rest: (tx: Tx, read: unknown, commitWith: (last: () => Promise<unknown>) => Promise<unknown>) => Promise<unknown>;
}) => options.db.transaction(async (tx) => options.rest(tx, await options.read(tx), (last) => last()));

const dialect = new PgDialect();
export const textOf = (query: SQL) => dialect.sqlToQuery(query).sql;

/**
 * The database, recording each statement's text sent with execute, by purchase transaction, and
 * with `change` (none by default) made in each purchase transaction as if another transaction had
 * committed it in between: in the first, just before its write statement (after the purchase read
 * and priced the code); in every later one, first.
 */
export function changedBeforeWrite(db: Db, change: (tx: Tx) => Promise<unknown> = async () => {}) {
  const statements: string[][] = [];
  const changed = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction") return Reflect.get(target, property, receiver) as unknown;
      return (run: (tx: Tx) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          const sent: string[] = [];
          statements.push(sent);
          if (statements.length > 1) await change(tx);
          const watched = new Proxy(tx, {
            get(inner, name, innerReceiver) {
              if (name !== "execute") return Reflect.get(inner, name, innerReceiver) as unknown;
              return async (query: SQL) => {
                const text = textOf(query);
                if (statements.length === 1 && text.includes("insert into subscriptions")) await change(inner);
                sent.push(text);
                return inner.execute(query);
              };
            },
          });
          return run(watched);
        });
    },
  });
  return { db: changed, statements };
}
