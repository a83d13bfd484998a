// `npm run bench -- purchase-cpu`: what one plain purchase costs in CPU and round trips, figures a
// loaded machine scatters far less than throughput. Purchases run one after another on one
// connection (or BENCH_CONCURRENCY at once, default 1) of a scratch database (as bench-money.ts:
// PostgreSQL when DATABASE_URL is set, else an in-memory PGlite); after a warm-up, it reports per
// purchase:
//   Node CPU     process.cpuUsage() of this process (building statements, the driver, parsing)
//   server CPU   the PostgreSQL backends' CPU time from /proc (a server on this machine only)
//   round trips  answers waited for (BEGIN and COMMIT included; a query sent behind another
//                without waiting for its answer, pipelined, shares its round trip)
//   wall         elapsed time, which a loaded machine stretches
// BENCH_PURCHASES (default 1000) purchases after BENCH_WARMUP (default 50), by at least
// BENCH_MEMBERS members, each buying one plan (purchase i: member i, plan i mod PLAN_COUNT)
// whichever kinds run, so a kind's figures from one run compare with another kind's from another.
// BENCH_KIND: plain (the default), coupon (a 20 % code valid for every plan, no limit on its
// uses), limited (one limited to far more uses than a run makes, each use counted), or a list of
// them (plain,coupon,limited), which run in alternating rounds of BENCH_ROUND (default 50)
// purchases, each kind's CPU summed over its rounds: kinds compared under the same load.
// BENCH_PROFILE=file writes a CPU profile of the measured purchases only (open it in Chrome's
// DevTools, or sum its self times by function).
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { postLedgerEntry } from "../server/billing/ledger.ts";
import { purchaseSubscriptions } from "../server/billing/purchase-subscriptions.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import {
  CODE_PRICE,
  envInt,
  openScratch,
  PERCENT_OFF,
  PLAN_PRICE,
  seedBenchCode,
  seedPlansAndMembers,
} from "./bench-scratch.ts";

const PLAN_COUNT = 5;
const KINDS = ["plain", "coupon", "limited"];

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
  // Every 50 µs: a purchase's Node side takes well under a millisecond.
  await session.post("Profiler.setSamplingInterval", { interval: 50 });
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
  // Eight at once cost a code's purchase more over a plain one than one at a time does (the money
  // bench's rounds): BENCH_CONCURRENCY shows that cost apart, with a profile of it.
  const concurrency = envInt("BENCH_CONCURRENCY", 1);
  const { database, label, drop } = await openScratch({ prefix: "bench_cpu", poolSize: concurrency + 1 });
  try {
    const queries = database.pool ? countRoundTrips(database.pool) : null;
    await migrateDatabase({ database });
    const { db } = database;
    const purchases = envInt("BENCH_PURCHASES", 1000);
    const warmup = envInt("BENCH_WARMUP", 50);
    const total = purchases + warmup;
    const kinds = (process.env.BENCH_KIND ?? "plain").split(",");
    if (!kinds.every((kind) => KINDS.includes(kind)))
      throw new Error(`BENCH_KIND=${kinds.join(",")}: a list of ${KINDS.join(", ")}`);
    const round = envInt("BENCH_ROUND", 50);
    // A member of its own for every purchase (a code is used once per member), at least
    // BENCH_MEMBERS. Every member holds nothing when it buys, whatever the kinds: a purchase reads
    // the member's active plans, so members holding more of them (as when plain purchases once
    // bought plan after plan for the same members) would make one kind dearer than another.
    const members = Math.max(total, envInt("BENCH_MEMBERS", 1));
    console.log(
      `bench purchase-cpu: ${label}; ${purchases} purchases (${kinds.join(", ")}${kinds.length > 1 ? `, in alternating rounds of ${round}` : ""}) ${concurrency === 1 ? "one at a time" : `${concurrency} at once`} after ${warmup} to warm up`,
    );

    const { plans, ids } = await seedPlansAndMembers(db, { planCount: PLAN_COUNT, price: PLAN_PRICE, members });
    // Each kind with a code has its own, valid for every plan.
    for (const kind of kinds.filter((kind) => kind !== "plain"))
      await seedBenchCode(db, {
        code: `BENCH${kind.toUpperCase()}`,
        percentOff: PERCENT_OFF,
        planIds: plans.map((plan) => plan.id),
        maxRedemptions: kind === "limited" ? 10_000_000 : null,
      });
    for (const id of ids) {
      await db.transaction((tx) =>
        postLedgerEntry({ tx, userId: id, kind: "deposit", amount: PLAN_PRICE * 10n, reference: `bench:fund:${id}` }),
      );
    }
    // Purchase i is of the kind whose round it falls in.
    const kindOf = (i: number) => kinds[Math.floor(i / round) % kinds.length]!;
    const buy = (i: number) => {
      const code = kindOf(i) === "plain" ? null : `BENCH${kindOf(i).toUpperCase()}`;
      return purchaseSubscriptions({
        db,
        userId: ids[i]!,
        planIds: [plans[i % PLAN_COUNT]!.id],
        billingPeriod: "monthly",
        totalAmount: code ? CODE_PRICE : PLAN_PRICE,
        couponCode: code,
        idempotencyKey: `bench:${i}`,
      });
    };
    // Purchases first to last, `concurrency` of them in flight at once.
    const buyAll = async (first: number, last: number) => {
      let next = first;
      const worker = async () => {
        while (next < last) await buy(next++);
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    };
    await buyAll(0, warmup);
    // The pool's connections, all opened by the warm-up (one of them reads this): their backends' CPU is counted.
    const pidRows = await db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    );
    const pids = database.kind === "postgres" ? pidRows.rows.map((row) => Number(row.pid)) : [];

    // Each kind's CPU, summed over its rounds (read at each round's start and end).
    const spent = new Map(kinds.map((kind) => [kind, { count: 0, node: 0, server: 0 as number | null }]));
    const profile = process.env.BENCH_PROFILE ? await startProfile() : null;
    const sent0 = queries?.count() ?? 0;
    const wall0 = performance.now();
    for (let first = warmup, last = 0; first < total; first = last) {
      last = Math.min((Math.floor(first / round) + 1) * round, total);
      const node0 = process.cpuUsage();
      const server0 = backendCpuMs(pids);
      await buyAll(first, last);
      const node = process.cpuUsage(node0);
      const server = cpuBetween(server0, backendCpuMs(pids));
      const sum = spent.get(kindOf(first))!;
      sum.count += last - first;
      sum.node += (node.user + node.system) / 1000;
      sum.server = sum.server === null || server === null ? null : sum.server + server;
    }
    const wall = performance.now() - wall0;
    const sent = (queries?.count() ?? 0) - sent0;
    if (profile) await profile.stopInto(process.env.BENCH_PROFILE!);

    for (const [kind, sum] of spent) {
      const per = (ms: number) => `${(ms / sum.count).toFixed(3)} ms`;
      console.log(
        `${kind.padEnd(8)} Node CPU / purchase: ${per(sum.node)}; server CPU / purchase: ${sum.server === null ? "not measured (PGlite, or a server elsewhere)" : per(sum.server)} (${sum.count} purchases)`,
      );
    }
    const per = (ms: number) => `${(ms / purchases).toFixed(3)} ms`;
    if (queries) console.log(`round trips / purchase: ${(sent / purchases).toFixed(2)}`);
    console.log(`wall / purchase:       ${per(wall)}`);
  } finally {
    await drop();
  }
}

await main();
