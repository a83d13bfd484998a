// `npm run bench -- back-office`: server time of the back office's reads with many members.
// Seeds BENCH_MEMBERS (default 100 000 on PostgreSQL, 5 000 on PGlite) members with
// subscriptions, ledger rows, deposits, invoices and notifications into a scratch database
// (scripts/bench-scratch.ts), then calls each read the way its loader does, BENCH_RUNS times
// (default 20) after two warm-up calls, and reports p50 / p95 / max in milliseconds. The time is
// the domain function's (the queries and their shaping), not the HTTP round trip.
// On PostgreSQL every statement a read sends is also EXPLAINed and a sequential scan of one of the
// large tables is reported. A read the target covers (marked `target` in the cases) fails the run
// (exit code 1) with such a scan or a p50 of TARGET_MS or more; the others are only reported.
// BENCH_ONLY=<text> times only the reads whose name contains it.
import { performance } from "node:perf_hooks";
import { migrateDatabase } from "../server/db/migrate.ts";
import { backOfficeCases } from "./bench-back-office-cases.ts";
import { seedBackOffice } from "./bench-back-office-seed.ts";
import { captureStatements, sequentialScans } from "./bench-explain.ts";
import { envInt, openScratch } from "./bench-scratch.ts";

/** The back office's target: each read under this (p50, server time) at 100 000 members. */
const TARGET_MS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

async function main() {
  const { database, label, drop } = await openScratch({ prefix: "bench_back_office", poolSize: 4 });
  try {
    await migrateDatabase({ database });
    const postgres = database.kind === "postgres";
    const members = envInt("BENCH_MEMBERS", postgres ? 100_000 : 5_000);
    const runs = envInt("BENCH_RUNS", 20);
    const seeding = performance.now();
    await seedBackOffice({ db: database.db, members });
    console.log(
      `bench back-office: ${label}; ${members} members seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${runs} runs a read`,
    );
    let failed = false;
    // BENCH_ONLY=search times only the reads whose name contains it.
    const only = process.env.BENCH_ONLY?.toLowerCase();
    const cases = backOfficeCases({ db: database.db, members }).filter(
      (c) => !only || c.name.toLowerCase().includes(only),
    );
    for (const { name, run, target } of cases) {
      await run();
      await run();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      let scans = "";
      if (database.pool) {
        const statements = await captureStatements(database.pool, run);
        const found = await sequentialScans(database.pool, statements);
        if (found.length > 0) {
          if (target) failed = true;
          scans = `  SEQ SCAN: ${found.join(", ")}${target ? "" : " (not a target read)"}`;
        }
      }
      const slow = target && percentile(times, 0.5) >= TARGET_MS;
      if (slow) failed = true;
      console.log(
        `${name.padEnd(38)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms${slow ? "  OVER TARGET" : ""}${scans}`,
      );
    }
    if (failed) process.exitCode = 1;
  } finally {
    await drop();
  }
}

await main();
