import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WorkerReply, WorkerRequest, WorkerStatus } from "./support/connection-churn-worker";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";

const WORKER = path.join(import.meta.dirname, "support", "connection-churn-worker.ts");
const LOCK_KEY = 727_990;
/** server/db/migrate.ts's advisory lock: one instance migrates at a time. */
const MIGRATION_LOCK = 727_001;
const ROUNDS = 20;
/** Generous: a reconnect takes a second or two, this 2-core machine is shared and loaded. */
const RECOVERY = { timeout: 30_000, interval: 100 };

/**
 * A database restart, as a busy server process lives it: every connection of its database cut
 * at once (pg_terminate_backend sends each the same 57P01 "terminating connection due to
 * administrator command" as a restart) while plain queries, write transactions, the LISTEN
 * connection, the singleton job's lock connection and the migration lock are all in use. The
 * work runs in a child process (./support/connection-churn-worker.ts): an unheard 'error' event
 * of a database client ends that process, and the test sees it end. Only this test's own
 * database is touched; the machine's PostgreSQL is shared. PostgreSQL only: the embedded
 * database has no connections to lose.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a server process while its database connections are cut [postgres]",
  { timeout: 300_000 },
  () => {
    const name = `churn_${crypto.randomBytes(5).toString("hex")}`;
    let admin: pg.Client;
    /** Two addresses of the one database: DATABASE_URL lists both, as it lists a primary and its standby. */
    let proxies: TcpProxy[];
    let worker: ChildProcess;
    let output = "";
    let exited: string | undefined;
    let nextId = 0;

    const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      admin.query<T>(text, values).then((r) => r.rows);

    const alive = () => {
      if (exited) throw new Error(`the server process ended (${exited}); its last output:\n${output.slice(-4_000)}`);
    };
    const ask = (op: WorkerRequest["op"]) =>
      new Promise<WorkerReply>((resolve, reject) => {
        alive();
        const id = ++nextId;
        const onMessage = (reply: WorkerReply) => {
          if (reply.id !== id) return;
          worker.off("message", onMessage);
          worker.off("exit", onExit);
          resolve(reply);
        };
        const onExit = () => {
          worker.off("message", onMessage);
          reject(new Error(`the server process ended (${exited}); its last output:\n${output.slice(-4_000)}`));
        };
        worker.on("message", onMessage);
        worker.once("exit", onExit);
        worker.send({ id, op } satisfies WorkerRequest);
      });
    const status = async () => (await ask("status")).status!;

    let databaseUrl = "";
    /** One statement on a connection of its own to the test's database (notices stay inside their database). */
    const inDatabase = async (text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(text, values);
      } finally {
        await client.end();
      }
    };

    /** Every connection of this test's database, ended by the server as a restart ends it. */
    const terminateAll = async () => {
      const [row] = await sql<{ n: number }>(
        "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      return row!.n;
    };
    const leaders = async () => {
      const [row] = await sql<{ n: number }>(
        `select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objid = $1 and granted
          and database = (select oid from pg_database where datname = $2)`,
        [LOCK_KEY, name],
      );
      return row!.n;
    };

    /** Waits until the process serves a fresh read and write; meanwhile every failure must be a "try again" (503). */
    const serving = async () => {
      await vi.waitFor(async () => {
        const reply = await ask("serve");
        if (!reply.ok)
          expect(reply, `a failure that would be a 500: ${reply.error}`).toMatchObject({ unavailable: true });
        expect(reply.ok).toBe(true);
      }, RECOVERY);
    };

    /** Waits until every kind of connection is in use again: the job leads on its lock, the listener hears. */
    let notices = 0;
    const allConnectionsBusy = async () => {
      await vi.waitFor(async () => expect(await leaders()).toBe(1), RECOVERY);
      const payload = `notice-${++notices}`;
      await vi.waitFor(async () => {
        await inDatabase("select pg_notify('connection_churn', $1)", [payload]);
        expect((await status()).heard).toContain(payload);
      }, RECOVERY);
    };

    /**
     * A migration (another instance starting up) waits for the migration lock, which this test
     * holds: its lock connection is busy when the connections are ended. The holder is ended too.
     */
    const migrationWaitsForItsLock = async () => {
      const holder = new pg.Client({ connectionString: databaseUrl });
      holder.on("error", () => {}); // it is ended with the others, on purpose
      await holder.connect();
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await ask("migrate");
      await vi.waitFor(async () => {
        const [row] = await sql<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock' and query like '%pg_advisory_lock%'`,
          [name],
        );
        expect(row!.n).toBe(1);
      }, RECOVERY);
      return holder;
    };

    const expectNoUnexpectedFailures = async (): Promise<WorkerStatus> => {
      const now = await status();
      expect(now.unexpected, "failures that would have been answered 500").toEqual([]);
      return now;
    };

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await sql(`create database ${name}`);
      const base = new URL(process.env.TEST_DATABASE_URL!);
      databaseUrl = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
      await inDatabase("create table churn (id serial primary key, note text not null)");
      // The site reaches its database through proxies, so that the network can be cut too, and
      // through two of them, so that the database can move to its other address.
      const target = { host: base.hostname, port: Number(base.port || 5432) };
      proxies = [await startTcpProxy(target), await startTcpProxy(target)];
      const url = `postgres://${base.username}@${proxies.map((p) => `127.0.0.1:${p.port}`).join(",")}/${name}`;
      worker = spawn(process.execPath, ["--import", "tsx", WORKER], {
        env: { ...process.env, CHURN_DATABASE_URL: url, LOG_LEVEL: "warn", NODE_ENV: "test" },
        stdio: ["ignore", "pipe", "pipe", "ipc"],
      });
      worker.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      worker.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      worker.on("exit", (code, signal) => (exited = `exit code ${code}, signal ${signal}`));
      await new Promise<void>((resolve, reject) => {
        worker.once("message", () => resolve());
        worker.once("exit", () => reject(new Error(`the worker did not start:\n${output}`)));
      });
    });

    afterAll(async () => {
      if (worker && !exited) {
        const stopped = await Promise.race([
          ask("stop").then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), 20_000)),
        ]).catch(() => false);
        if (!stopped) worker.kill("SIGKILL");
      }
      for (const proxy of proxies ?? []) await proxy.close();
      await sql(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin?.end();
    });

    it(`survives every connection of its database ended ${ROUNDS} times under load, and serves again after each`, async () => {
      await serving();
      for (let round = 1; round <= ROUNDS; round++) {
        await allConnectionsBusy();
        const holder = await migrationWaitsForItsLock();
        expect(await terminateAll(), `round ${round}: connections ended`).toBeGreaterThan(0);
        await serving();
        alive();
        await holder.end();
      }
      await allConnectionsBusy();
      const after = await expectNoUnexpectedFailures();
      // Cut off each time it led: it stopped and took the lock again, round after round.
      expect(after.leads).toBeGreaterThan(ROUNDS);
      // The listener said after each reconnect that notices may have been missed.
      expect(after.heard.filter((payload) => payload === "").length).toBeGreaterThanOrEqual(ROUNDS);
    });

    it("survives its network going dark and coming back: connections reset without a word, refused meanwhile", async () => {
      for (let round = 1; round <= 3; round++) {
        await allConnectionsBusy();
        for (const proxy of proxies) await proxy.cut();
        // While the address is dark, every request is "try again", never a 500.
        await vi.waitFor(
          async () => expect(await ask("serve")).toMatchObject({ ok: false, unavailable: true }),
          RECOVERY,
        );
        alive();
        for (const proxy of proxies) await proxy.resume();
        await serving();
      }
      await allConnectionsBusy();
      await expectNoUnexpectedFailures();
    });

    it("follows its database to its other address: the one in use goes dark, the other serves", async () => {
      for (const [dark, other] of [
        [0, 1],
        [1, 0],
      ] as const) {
        await allConnectionsBusy();
        await proxies[dark]!.cut();
        // Served again with one address dark: through the other one.
        await serving();
        alive();
        await allConnectionsBusy();
        expect(proxies[other]!.connections()).toBeGreaterThan(0);
        await proxies[dark]!.resume();
      }
      await expectNoUnexpectedFailures();
    });

    it("survives its database coming back read-only: writes are 'try again', and go through once it accepts writes", async () => {
      await serving();
      await sql(`alter database ${name} set default_transaction_read_only = on`);
      await terminateAll();
      await vi.waitFor(
        async () =>
          expect(await ask("serve")).toMatchObject({
            ok: false,
            unavailable: true,
            error: expect.stringMatching(/read-only/),
          }),
        RECOVERY,
      );
      alive();
      // Writes go through again without a restart: a connection found read-only is not kept.
      await sql(`alter database ${name} reset default_transaction_read_only`);
      await serving();
      await allConnectionsBusy();
      await expectNoUnexpectedFailures();
    });
  },
);
