import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Tx } from "#server/db/client";
import { executeKept } from "#server/db/execute-kept";
import { runTransactionReadingFirst } from "#server/db/run-transaction-reading-first";
import { describeEachDatabase } from "../../helpers/database";

// runTransactionReadingFirst is a transaction whose BEGIN and first read leave together on
// PostgreSQL. What must hold: it is a transaction like Drizzle's (what `rest` wrote is committed,
// or rolled back with the error of `read` or `rest`), the read runs inside it (a row lock it takes
// lasts to the commit), and on PostgreSQL the read is sent without waiting for BEGIN's answer.

// Sent as the purchase's read is (executeKept hands the statement to the client at once), so
// that the read would leave before a BEGIN sent any later.
const lockRow = (tx: Tx) =>
  executeKept({ db: tx, name: "reading_first_lock", query: sql`select id from reading_first where id = 1 for update` });

describeEachDatabase("runTransactionReadingFirst", (database, kind) => {
  beforeAll(async () => {
    await database().db.execute(sql`create table reading_first (id int primary key, note text)`);
    await database().db.execute(sql`insert into reading_first values (1, 'one')`);
  });

  const notes = async () =>
    (await database().db.execute<{ note: string }>(sql`select note from reading_first order by id`)).rows.map(
      (row) => row.note,
    );

  it("hands the read to the rest and commits what the rest wrote", async () => {
    const result = await runTransactionReadingFirst({
      db: database().db,
      read: async (tx) => (await tx.execute<{ note: string }>(sql`select note from reading_first where id = 1`)).rows,
      rest: async (tx, rows) => {
        await tx.execute(sql`insert into reading_first values (2, ${`after ${rows[0]!.note}`})`);
        return "done";
      },
    });
    expect(result).toBe("done");
    expect(await notes()).toEqual(["one", "after one"]);
  });

  it("rolls back what the rest wrote when it throws, and throws its error", async () => {
    await expect(
      runTransactionReadingFirst({
        db: database().db,
        read: (tx) => tx.execute(sql`select 1`),
        rest: async (tx) => {
          await tx.execute(sql`insert into reading_first values (3, 'rolled back')`);
          throw new Error("refused after writing");
        },
      }),
    ).rejects.toThrow("refused after writing");
    expect(await notes()).toEqual(["one", "after one"]);
  });

  it("throws the read's error without running the rest", async () => {
    let ran = false;
    await expect(
      runTransactionReadingFirst({
        db: database().db,
        read: (tx) => tx.execute(sql`select 1 / 0`),
        rest: async () => (ran = true),
      }),
    ).rejects.toThrow(/select 1 \/ 0/);
    await expect(
      runTransactionReadingFirst({
        db: database().db,
        read: () => {
          throw new Error("refused at once");
        },
        rest: async () => (ran = true),
      }),
    ).rejects.toThrow("refused at once");
    expect(ran).toBe(false);
    // The connection is usable afterwards (no transaction left open on it).
    expect(await notes()).toEqual(["one", "after one"]);
  });

  it("commits with the last statement handed to commitWith", async () => {
    const result = await runTransactionReadingFirst({
      db: database().db,
      read: (tx) => tx.execute(sql`select 1`),
      rest: (tx, _read, commitWith) =>
        commitWith(() => tx.execute(sql`insert into reading_first values (4, 'last') returning id`)),
    });
    expect(result.rows).toEqual([{ id: 4 }]);
    expect(await notes()).toEqual(["one", "after one", "last"]);
  });

  it("commits nothing when the last statement fails, and throws its error", async () => {
    await expect(
      runTransactionReadingFirst({
        db: database().db,
        read: (tx) => tx.execute(sql`select 1`),
        rest: async (tx, _read, commitWith) => {
          await tx.execute(sql`insert into reading_first values (5, 'before the failure')`);
          return commitWith(() => tx.execute(sql`insert into reading_first values (6, 'failed') returning 1 / 0`));
        },
      }),
    ).rejects.toThrow(/returning 1 \/ 0/);
    expect(await notes()).toEqual(["one", "after one", "last"]);
    // The connection went back to the pool outside any transaction: the next one commits.
    await runTransactionReadingFirst({
      db: database().db,
      read: (tx) => tx.execute(sql`select 1`),
      rest: (tx, _read, commitWith) =>
        commitWith(() => tx.execute(sql`update reading_first set note = 'last' where id = 4`)),
    });
    expect(await notes()).toEqual(["one", "after one", "last"]);
  });

  if (kind !== "postgres") return;

  let other: pg.Client;
  beforeAll(async () => {
    const [own] = (await database().db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${own!.name}`;
    other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
  });

  it("holds a row lock the read took until the commit [postgres]", async () => {
    const refused = await runTransactionReadingFirst({
      db: database().db,
      read: lockRow,
      // Were the read outside the transaction (sent before BEGIN), its lock would be gone by now.
      rest: () =>
        other.query("select id from reading_first where id = 1 for update nowait").then(
          () => null,
          (error: { code?: string }) => error.code,
        ),
    });
    expect(refused).toBe("55P03");
    // After the commit the row is free again.
    await expect(other.query("select id from reading_first where id = 1 for update nowait")).resolves.toBeTruthy();
  });

  /** Each query as the client is asked for it: its first word, how many answers it still waited for, and whether it was held back. */
  function watchSent() {
    const pool = database().pool!;
    const sent: { text: string; waitingFor: number; heldBack: boolean }[] = [];
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    const patched = pool as unknown as { connect: unknown };
    patched.connect = async () => {
      const client = await connect();
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      let waiting = 0;
      (client as unknown as { query: unknown }).query = (config: { text?: string }, ...rest: unknown[]) => {
        const text = String(config.text ?? config)
          .trim()
          .split(/\s+/)[0]!
          .toLowerCase();
        const result = query(config, ...rest) as Promise<{ command?: string }> | undefined;
        // The pool's own query() (a callback, no promise) on this client once it went back: not watched.
        if (!result) return result;
        const queue = (client as unknown as { _queryQueue: unknown[] })._queryQueue;
        sent.push({ text, waitingFor: waiting, heldBack: queue.length > 0 });
        waiting++;
        const settled = () => void waiting--;
        result.then(settled, settled);
        if (text === "commit")
          void result.then(
            (answer) => answers.push(answer.command ?? ""),
            () => {},
          );
        return result;
      };
      return client;
    };
    const answers: string[] = [];
    return { sent, answers, stop: () => delete (patched as { connect?: unknown }).connect };
  }

  it("sends BEGIN and the read without waiting for BEGIN's answer [postgres]", async () => {
    const watch = watchSent();
    try {
      await runTransactionReadingFirst({
        db: database().db,
        read: lockRow,
        rest: (tx) => tx.execute(sql`update reading_first set note = 'one' where id = 1`),
      });
    } finally {
      watch.stop();
    }
    expect(watch.sent).toEqual([
      { text: "begin", waitingFor: 0, heldBack: false },
      { text: "select", waitingFor: 1, heldBack: false },
      { text: "update", waitingFor: 0, heldBack: false },
      { text: "commit", waitingFor: 0, heldBack: false },
    ]);
  });

  it("sends COMMIT behind the last statement without waiting for its answer [postgres]", async () => {
    const watch = watchSent();
    try {
      await runTransactionReadingFirst({
        db: database().db,
        read: lockRow,
        rest: (tx, _read, commitWith) =>
          commitWith(() => tx.execute(sql`update reading_first set note = 'one' where id = 1`)),
      });
    } finally {
      watch.stop();
    }
    expect(watch.sent).toEqual([
      { text: "begin", waitingFor: 0, heldBack: false },
      { text: "select", waitingFor: 1, heldBack: false },
      { text: "update", waitingFor: 0, heldBack: false },
      { text: "commit", waitingFor: 1, heldBack: false },
    ]);
    expect(watch.answers).toEqual(["COMMIT"]);
  });

  it("gets ROLLBACK for the COMMIT sent behind a failed statement, and sends nothing more [postgres]", async () => {
    const watch = watchSent();
    try {
      await expect(
        runTransactionReadingFirst({
          db: database().db,
          read: lockRow,
          rest: async (tx, _read, commitWith) => {
            await tx.execute(sql`update reading_first set note = 'rolled back' where id = 1`);
            return commitWith(() => tx.execute(sql`update reading_first set note = 'failed' where id = 1 / 0`));
          },
        }),
      ).rejects.toThrow(/division by zero|1 \/ 0/);
    } finally {
      watch.stop();
    }
    expect(watch.sent.map((query) => query.text)).toEqual(["begin", "select", "update", "update", "commit"]);
    expect(watch.answers).toEqual(["ROLLBACK"]);
    expect(await notes()).toEqual(["one", "after one", "last"]);
  });
});
