// `npm run bench -- purchase-cpu`: what one plain purchase costs in CPU and round trips, figures a
// loaded machine scatters far less than throughput. Purchases run one after another on one
// connection of a scratch database (as bench-money.ts: PostgreSQL when DATABASE_URL is set, else
// an in-memory PGlite); after a warm-up, it reports per purchase:
//   Node CPU     process.cpuUsage() of this process (building statements, the driver, parsing)
//   server CPU   the one PostgreSQL backend's CPU time from /proc (a server on this machine only)
//   round trips  answers waited for (BEGIN and COMMIT included; a query sent behind another
//                without waiting for its answer, pipelined, shares its round trip)
//   wall         elapsed time, which a loaded machine stretches
// BENCH_PURCHASES (default 1000) purchases after BENCH_WARMUP (default 50), by at least
// BENCH_MEMBERS members. BENCH_PROFILE=file
// writes a CPU profile of the measured purchases only (open it in Chrome's DevTools, or sum its
// self times by function).
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { postLedgerEntry } from "../server/billing/ledger.ts";
import { purchaseSubscriptions } from "../server/billing/purchase-subscriptions.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { envInt, openScratch, seedPlansAndMembers } from "./bench-scratch.ts";

const PLAN_COUNT = 5;
const PLAN_PRICE = 49_000_000n;

/** Each backend's user + system CPU time in milliseconds, as far as its /proc entry can be read (a server on this machine). */
function backendCpuMs(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // not on this machine, or the connection ended (its CPU is then not counted)
    }
  }
  return times;
}

/** CPU the backends used between two readings; null when none could be read both times. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  const both = [...after.keys()].filter((pid) => before.has(pid));
  return both.length === 0 ? null : both.reduce((sum, pid) => sum + after.get(pid)! - before.get(pid)!, 0);
}

/**
 * Counts the round trips of every client the pool hands out: each query a client sends while it
 * waits for no other answer. A pipelined client (`pipeline: true`) sends a query behind another
 * without waiting for its answer, so both cost one round trip; any other client waits for each.
 */
function countRoundTrips(pool: pg.Pool): { count: () => number } {
  let trips = 0;
  pool.on("connect", (client) => {
    let waiting = 0;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      if (waiting === 0 || !client.pipeline) trips++;
      const result = query(...args);
      if (result instanceof Promise) {
        waiting++;
        const settled = () => void waiting--;
        result.then(settled, settled);
      }
      return result;
    };
  });
  return { count: () => trips };
}

async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    stopInto: async (file: string) => {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function main() {
  const { database, label, drop } = await openScratch({ prefix: "bench_cpu", poolSize: 2 });
  try {
    const queries = database.pool ? countRoundTrips(database.pool) : null;
    await migrateDatabase({ database });
    const { db } = database;
    const purchases = envInt("BENCH_PURCHASES", 1000);
    const warmup = envInt("BENCH_WARMUP", 50);
    const total = purchases + warmup;
    // Enough members for every purchase (each buys each plan once), at least BENCH_MEMBERS: a
    // fixed count lets two runs of different lengths differ only by their purchases.
    const members = Math.max(Math.ceil(total / PLAN_COUNT), envInt("BENCH_MEMBERS", 1));
    console.log(`bench purchase-cpu: ${label}; ${purchases} purchases one at a time after ${warmup} to warm up`);

    const { plans, ids } = await seedPlansAndMembers(db, { planCount: PLAN_COUNT, price: PLAN_PRICE, members });
    for (const id of ids) {
      await db.transaction((tx) =>
        postLedgerEntry({ tx, userId: id, kind: "deposit", amount: PLAN_PRICE * 10n, reference: `bench:fund:${id}` }),
      );
    }
    // The pool's connections (two: migrations hold one while they run on the other); one at a
    // time is used from here on, but either may be.
    const pidRows = await db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
          union all select pg_backend_pid()`,
    );
    const pids = database.kind === "postgres" ? pidRows.rows.map((row) => Number(row.pid)) : [];

    // Plan-major order, as the money bench: each member buys plan 0, then plan 1, …
    const buy = (i: number) =>
      purchaseSubscriptions({
        db,
        userId: ids[i % members]!,
        planIds: [plans[Math.floor(i / members)]!.id],
        billingPeriod: "monthly",
        totalAmount: PLAN_PRICE,
        idempotencyKey: `bench:${i}`,
      });
    for (let i = 0; i < warmup; i++) await buy(i);

    const profile = process.env.BENCH_PROFILE ? await startProfile() : null;
    const node0 = process.cpuUsage();
    const server0 = backendCpuMs(pids);
    const sent0 = queries?.count() ?? 0;
    const wall0 = performance.now();
    for (let i = warmup; i < total; i++) await buy(i);
    const wall = performance.now() - wall0;
    const node = process.cpuUsage(node0);
    const server = cpuBetween(server0, backendCpuMs(pids));
    const sent = (queries?.count() ?? 0) - sent0;
    if (profile) await profile.stopInto(process.env.BENCH_PROFILE!);

    const per = (ms: number) => `${(ms / purchases).toFixed(3)} ms`;
    console.log(
      `Node CPU / purchase:   ${per((node.user + node.system) / 1000)} (user ${per(node.user / 1000)}, system ${per(node.system / 1000)})`,
    );
    console.log(
      `server CPU / purchase: ${server === null ? "not measured (PGlite, or a server elsewhere)" : per(server)}`,
    );
    if (queries) console.log(`round trips / purchase: ${(sent / purchases).toFixed(2)}`);
    console.log(`wall / purchase:       ${per(wall)}`);
  } finally {
    await drop();
  }
}

await main();
