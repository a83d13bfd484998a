/**
 * A busy server's database work, in a process of its own so that the test can see it end: an
 * "Unhandled 'error' event" of a database client ends the process, which no test in the same
 * process could survive to report. Started by connection-churn.test.ts, driven over IPC.
 *
 * What runs at once, all through the server's own modules: plain queries (the pool's `query()`
 * path), write transactions (checked-out clients), two contenders for one singleton job's
 * advisory lock (one leads and queries; the other tries the lock again and again), the LISTEN
 * connection, and, when the test asks, a migration under the migration lock. The event loop is kept busy between them, as a loaded
 * server's is: several messages of one connection then arrive in one read, which is when a
 * client can be handed on between two of them.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../../../server/db/client.ts";
import { isDatabaseUnavailable } from "../../../../server/db/db-errors.ts";
import { migrateDatabase } from "../../../../server/db/migrate.ts";
import { runAsLeader } from "../../../../server/jobs/leader-lock.ts";

export type WorkerRequest = { id: number; op: "serve" | "migrate" | "status" | "stop" };
export type WorkerStatus = {
  ok: number;
  unavailable: number;
  /** Failures that would have been answered 500 instead of 503: each one's message. */
  unexpected: string[];
  /** Times the singleton job started (it stops when its lock connection is lost). */
  leads: number;
  leading: boolean;
  /** Payloads heard on the channel; "" marks a reconnect (notices may have been missed). */
  heard: string[];
};
export type WorkerReply = { id: number; ok: boolean; error?: string; unavailable?: boolean; status?: WorkerStatus };

const LOCK_KEY = 727_990;
const CHANNEL = "connection_churn";

const url = process.env.CHURN_DATABASE_URL;
if (!url || !process.send) throw new Error("start this with CHURN_DATABASE_URL and an IPC channel");
const send = (message: WorkerReply | { ready: true }) => process.send!(message);

const database = openDatabase({ databaseUrl: url, poolSize: 4 });
const { db } = database;
const stop = new AbortController();
const status: WorkerStatus = { ok: 0, unavailable: 0, unexpected: [], leads: 0, leading: false, heard: [] };

/** The error's message and its causes' (Drizzle wraps the driver's error). */
const describe = (error: unknown): string =>
  error instanceof Error ? [error.message, error.cause ? describe(error.cause) : ""].join(" ").trim() : String(error);

const record = async (work: () => Promise<unknown>) => {
  try {
    await work();
    status.ok++;
  } catch (error) {
    if (isDatabaseUnavailable(error)) status.unavailable++;
    else status.unexpected.push(describe(error));
    throw error;
  }
};

const read = () => record(() => db.execute(sql`select count(*)::int as n from churn`));
const write = () =>
  record(() =>
    db.transaction(async (tx) => {
      const [row] = (await tx.execute<{ id: number }>(sql`insert into churn (note) values ('written') returning id`))
        .rows;
      await tx.execute(sql`update churn set note = 'updated' where id = ${row!.id}`);
    }),
  );

/** One worker loop: `work` over and over until the end, a failure costing a short pause. */
const loop = async (work: () => Promise<unknown>, pauseMs: number) => {
  while (!stop.signal.aborted) {
    await work().catch(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
};

// A loaded server: the event loop is busy rendering for a few milliseconds at a time.
const busy = setInterval(() => {
  const until = performance.now() + 4 + Math.random() * 8;
  while (performance.now() < until);
}, 6);

await migrateDatabase({ database });
const unlisten = await database.listen(CHANNEL, (payload) => status.heard.push(payload));
const leaders = [0, 1].map(() =>
  runAsLeader({
    database,
    lockKey: LOCK_KEY,
    name: "connection-churn",
    signal: stop.signal,
    retryMs: 50,
    work: async (signal) => {
      status.leads++;
      status.leading = true;
      try {
        while (!signal.aborted) {
          await read().catch(() => {});
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        status.leading = false;
      }
    },
  }),
);
const loops = [...Array.from({ length: 4 }, () => loop(read, 0)), ...Array.from({ length: 6 }, () => loop(write, 0))];
const migrations: Promise<unknown>[] = [];

process.on("message", (request: WorkerRequest) => {
  const reply = (answer: Omit<WorkerReply, "id">) => send({ id: request.id, ...answer });
  if (request.op === "status") return reply({ ok: true, status });
  // A start-up's migration (another instance starting) holding the migration lock: answered at once.
  if (request.op === "migrate") {
    migrations.push(record(() => migrateDatabase({ database })).catch(() => {}));
    return reply({ ok: true });
  }
  if (request.op === "serve") {
    // Fresh work after whatever happened: a read and a write must both go through.
    read()
      .then(write)
      .then(
        () => reply({ ok: true }),
        (error: unknown) => reply({ ok: false, error: describe(error), unavailable: isDatabaseUnavailable(error) }),
      );
    return;
  }
  stop.abort();
  clearInterval(busy);
  void Promise.all([...loops, ...leaders, ...migrations])
    .then(() => unlisten())
    .then(() => database.close())
    .then(() => reply({ ok: true, status }))
    .finally(() => process.disconnect());
});
send({ ready: true });
