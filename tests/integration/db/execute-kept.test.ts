import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { DbOrTx } from "#server/db/client";
import { executeKept } from "#server/db/execute-kept";
import { describeEachDatabase } from "../../helpers/database";

// executeKept sends a statement as a named prepared statement on PostgreSQL (parsed and planned
// once per connection) and just executes it on PGlite. What must hold: the same answer as
// db.execute, one prepared statement per name and text on a connection however long an array
// parameter is, two texts under one name never confused, and a connection that replaces a lost
// one preparing the statement again by itself.

const probe = (ids: number[], at: Date) =>
  sql`select ${at.toISOString()}::timestamptz as at, json_build_object('ids', ${sql.param(ids)}::int[]) as doc,
             cardinality(${sql.param(ids)}::int[]) as count, 2 = any(${sql.param(ids)}::int[]) as has_two`;

/** The statements this connection has prepared under names starting with `prefix`. */
async function preparedOn(db: DbOrTx, prefix: string) {
  const rows = await db.execute<{ name: string }>(
    sql`select name from pg_prepared_statements where name like ${`${prefix}%`} order by name`,
  );
  return rows.rows.map((row) => row.name);
}

describeEachDatabase("executeKept", (database, kind) => {
  const at = new Date("2026-11-29T01:02:03.456Z");

  it("answers what db.execute answers, timestamps as text and json parsed", async () => {
    const db = database().db;
    for (const ids of [[1], [1, 2, 3], []]) {
      const kept = await executeKept({ db, name: "kept_answer", query: probe(ids, at) });
      const plain = await db.execute(probe(ids, at));
      expect(kept.rows).toEqual(plain.rows);
      expect(kept.rows[0]).toMatchObject({ doc: { ids }, count: ids.length, has_two: ids.includes(2) });
    }
  });

  it("prepares one statement per connection for any length of an array parameter (none under PGlite)", async () => {
    const names = await database().db.transaction(async (tx) => {
      for (const ids of [[1], [1, 2], [4, 5, 6, 7]])
        await executeKept({ db: tx, name: "kept_once", query: probe(ids, at) });
      return preparedOn(tx, "kept_once");
    });
    expect(names).toHaveLength(kind === "postgres" ? 1 : 0);
  });

  it("keeps two texts under one name apart", async () => {
    const answers = await database().db.transaction(async (tx) => {
      const one = await executeKept<{ n: number }>({ db: tx, name: "kept_two", query: sql`select 1 as n` });
      const two = await executeKept<{ n: number }>({ db: tx, name: "kept_two", query: sql`select 2 as n` });
      const again = await executeKept<{ n: number }>({ db: tx, name: "kept_two", query: sql`select 1 as n` });
      return { n: [one, two, again].map((result) => result.rows[0]!.n), names: await preparedOn(tx, "kept_two") };
    });
    expect(answers.n).toEqual([1, 2, 1]);
    expect(answers.names).toHaveLength(kind === "postgres" ? 2 : 0);
  });

  it("refuses a name that is not a plain identifier", async () => {
    await expect(executeKept({ db: database().db, name: "kept'; drop", query: sql`select 1` })).rejects.toThrow(
      /not a statement name/,
    );
  });

  if (kind !== "postgres") return;

  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });

  it("prepares a statement again on the connection that replaces a lost one [postgres]", async () => {
    const { db, pool } = database();
    const run = () =>
      db.transaction(async (tx) => {
        const kept = await executeKept<{ count: number }>({ db: tx, name: "kept_lost", query: probe([1, 2], at) });
        const [backend] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
        return { count: kept.rows[0]!.count, pid: backend!.pid, names: await preparedOn(tx, "kept_lost") };
      });
    const before = await run();
    expect(before).toMatchObject({ count: 2, names: [expect.stringMatching(/^kept_lost_/)] });
    // What a restart or a failover does to every connection of the pool (57P01, then the socket closes).
    const [own] = (await db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [own!.name]);
    await vi.waitFor(() => expect(pool!.totalCount).toBe(0), { timeout: 10_000 });
    const after = await run();
    expect(after.pid).not.toBe(before.pid);
    expect(after).toMatchObject({ count: 2, names: before.names });
  });
});
