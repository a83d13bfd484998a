import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#server/db/client";
import { isDatabaseUnavailable } from "#server/db/db-errors";
import { runAsLeader } from "#server/jobs/leader-lock";
import { createTestDatabase } from "../../helpers/database";

const LOCK_KEY = 727_999;

/**
 * What a PostgreSQL restart does to one connection (57P01, then the socket closes), done to
 * one chosen backend with pg_terminate_backend. A checked-out client that nobody listens to
 * would end the process with "Unhandled 'error' event", which fails this run.
 * The embedded database has no connections to lose: PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a database connection lost under a checked-out client [postgres]",
  () => {
    let database: Database;
    let drop: () => Promise<void>;
    let admin: pg.Client;
    const terminate = (pid: number) => admin.query("select pg_terminate_backend($1)", [pid]);

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase("postgres"));
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await drop?.();
    });

    it("a transaction cut off fails with an 'unavailable' error, the process carries on, the pool serves again", async () => {
      const failed = await database.db
        .transaction(async (tx) => {
          const [row] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
          const connections = database.pool!.totalCount;
          await terminate(row!.pid);
          // The client is idle inside its transaction when the server ends it, as between two
          // statements of a purchase: the pool lets the broken connection go at once.
          await vi.waitFor(() => expect(database.pool!.totalCount).toBeLessThan(connections), { timeout: 10_000 });
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect((await database.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    });

    it("the job leader loses its lock with its connection and takes it again within seconds", async () => {
      const controller = new AbortController();
      let runs = 0;
      const leader = runAsLeader({
        database,
        lockKey: LOCK_KEY,
        name: "test-leader",
        signal: controller.signal,
        // The normal retry is long: taking the lock again soon is the reconnecting path's doing.
        retryMs: 120_000,
        work: (signal) => {
          runs++;
          return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
        },
      });
      const holder = async () => {
        const { rows } = await admin.query<{ pid: number }>(
          "select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted",
          [LOCK_KEY],
        );
        return rows[0]?.pid;
      };
      try {
        await vi.waitFor(async () => expect(await holder()).toBeTypeOf("number"), { timeout: 10_000 });
        const first = await holder();
        await terminate(first!);
        await vi.waitFor(
          async () => {
            const next = await holder();
            expect(next).toBeTypeOf("number");
            expect(next).not.toBe(first);
          },
          { timeout: 20_000, interval: 200 },
        );
        expect(runs).toBe(2);
      } finally {
        controller.abort();
        await leader;
      }
    });
  },
);
