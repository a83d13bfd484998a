// The kinds of purchase of `npm run bench -- money`, run in alternating short rounds
// (BENCH_ROUND_MS, default 500: purchase, upgrade, coupon, limited, purchase, …) until each has
// had BENCH_SECONDS. Run one after another, a kind run later paid for what the earlier ones left
// behind on the growing database (autovacuum and autoanalyze of the rows they wrote, checkpoints)
// and met whatever load the shared machine had then; in turn, each pays its share alike. Each
// kind's own CPU is summed over its rounds: Node's and the database backends' serving it (from
// /proc, a server on this machine only; background workers such as autovacuum are not in it).
// BENCH_ROUND_MS at or above BENCH_SECONDS * 1000 runs the kinds one after another, as the
// bench did before; BENCH_ROUND_LOG=1 prints every round with the background work it met. Each
// kind first runs BENCH_WARMUP_MS (default 500) unmeasured.
import { readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client.ts";
import { backendsNs, localBackends, spentNs } from "./bench-money-cost.ts";

export type RoundKind = {
  name: string;
  /** The next item to run, or null when the kind has none left (for now: an upgrade waits for holders). */
  next: () => number | null;
  task: (index: number) => Promise<boolean>;
};

export type KindResult = {
  name: string;
  done: number;
  ok: number;
  seconds: number;
  latencies: number[];
  nodeMs: number;
  databaseMs: number | null;
  /** The unmeasured purchases run first (what the ledger invariant counts too). */
  warmup: { done: number; ok: number };
};

/** Autovacuum and autoanalyze runs on this database's tables, checkpoints and WAL position server-wide. */
async function background(database: Database) {
  if (database.kind !== "postgres") return null;
  const result = await database.db.execute<{ vacuums: number; analyzes: number; checkpoints: number; lsn: string }>(sql`
    select (select coalesce(sum(autovacuum_count), 0)::int from pg_stat_user_tables) as vacuums,
           (select coalesce(sum(autoanalyze_count), 0)::int from pg_stat_user_tables) as analyzes,
           (select (checkpoints_timed + checkpoints_req)::int from pg_stat_bgwriter) as checkpoints,
           (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::text as lsn`);
  return result.rows[0]!;
}

/**
 * This machine's CPU time so far (the `cpu` line of /proc/stat, in ticks): all of it, the idle
 * part, and what the hypervisor gave to other guests while this one wanted to run ("steal").
 * Null where unreadable. A virtual machine's figures swing with its host: the steal says how much.
 */
function machineTicks(): CpuTicks | null {
  try {
    return cpuTicks(readFileSync("/proc/stat", "utf8"));
  } catch {
    return null;
  }
}

export type CpuTicks = { total: number; idle: number; steal: number };

/**
 * The machine's line of a /proc/stat text: user, nice, system, idle, iowait, irq, softirq, steal,
 * then guest and guest_nice, which the kernel already counts in user and nice (summed, they would
 * count twice). Waiting for the disk is idle time here: the CPU had nothing to run. Null when the
 * text has no such line of numbers (an older kernel without steal, another system).
 */
export function cpuTicks(stat: string): CpuTicks | null {
  const line = stat.split("\n").find((text) => /^cpu\s/.test(text));
  const fields = line?.trim().split(/\s+/).slice(1, 9).map(Number) ?? [];
  if (fields.length < 8 || fields.some((n) => !Number.isInteger(n) || n < 0)) return null;
  const [, , , idle = 0, iowait = 0, , , steal = 0] = fields;
  return { total: fields.reduce((a, b) => a + b, 0), idle: idle + iowait, steal };
}

/** Runs `kind` with `concurrency` workers until `deadline` or it has nothing left; `each` is told each result and its latency. */
async function runUntil(
  kind: RoundKind,
  concurrency: number,
  deadline: number,
  each: (ok: boolean, ms: number) => void,
): Promise<void> {
  const worker = async () => {
    for (let index = kind.next(); index !== null; index = performance.now() < deadline ? kind.next() : null) {
      const started = performance.now();
      each(await kind.task(index), performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Runs `kinds` in turn, rounds of `roundMs`, each with `concurrency` workers, until each had `seconds` or ran out. */
export async function runRounds(options: {
  database: Database;
  kinds: RoundKind[];
  concurrency: number;
  seconds: number;
  roundMs: number;
  /**
   * Each kind runs this long first, unmeasured: a site that has been up a while runs every path
   * warm (its code compiled, its statements prepared on each connection, a code in the cache, a
   * limited code's uses in memory), and a kind measured from cold would pay that once-only cost in
   * its first round while a kind that ran earlier in the bench would not.
   */
  warmupMs: number;
  log: boolean;
}): Promise<Map<string, KindResult>> {
  const { database, kinds, concurrency } = options;
  const results = new Map(
    kinds.map((kind) => [
      kind.name,
      {
        name: kind.name,
        done: 0,
        ok: 0,
        seconds: 0,
        latencies: [] as number[],
        nodeMs: 0,
        databaseMs: 0 as number | null,
        warmup: { done: 0, ok: 0 },
      },
    ]),
  );
  for (const kind of kinds) {
    const warmup = results.get(kind.name)!.warmup;
    await runUntil(kind, concurrency, performance.now() + options.warmupMs, (ok) => {
      if (ok) warmup.ok++;
      warmup.done++;
    });
  }
  const finished = new Set<string>();
  const start = await background(database);
  const ticksAtStart = machineTicks();
  // A figure is judged by the load it met: the 1-minute load average as the rounds start.
  const loadAtStart = os.loadavg()[0]!.toFixed(2);
  const waitingSince = new Map<string, number>();
  while (finished.size < kinds.length) {
    for (const kind of kinds) {
      const sum = results.get(kind.name)!;
      if (finished.has(kind.name)) continue;
      const pids = await localBackends(database);
      const before = await background(database);
      const dbBefore = backendsNs(pids);
      const nodeBefore = process.cpuUsage();
      const started = performance.now();
      const deadline = started + Math.min(options.roundMs, options.seconds * 1000 - sum.seconds * 1000);
      let done = 0;
      await runUntil(kind, concurrency, deadline, (ok, ms) => {
        if (ok) sum.ok++;
        sum.latencies.push(ms);
        done++;
      });
      const elapsed = (performance.now() - started) / 1000;
      const node = process.cpuUsage(nodeBefore);
      sum.nodeMs += (node.user + node.system) / 1000;
      sum.databaseMs =
        pids.length === 0 || sum.databaseMs === null
          ? null
          : sum.databaseMs + spentNs(dbBefore, backendsNs(pids)) / 1e6;
      sum.done += done;
      sum.seconds += elapsed;
      // A kind with nothing to run for two rounds running (upgrades waiting for holders, a queue used up) is done.
      if (done === 0) waitingSince.set(kind.name, (waitingSince.get(kind.name) ?? 0) + 1);
      else waitingSince.delete(kind.name);
      if (sum.seconds >= options.seconds - 0.001 || (waitingSince.get(kind.name) ?? 0) >= 2) finished.add(kind.name);
      if (options.log && before) {
        const after = (await background(database))!;
        console.log(
          `  round ${kind.name.padEnd(8)} ${String(done).padStart(5)} ops ${(done / Math.max(elapsed, 1e-9)).toFixed(0).padStart(5)} ops/s` +
            `  autovacuum +${after.vacuums - before.vacuums} autoanalyze +${after.analyzes - before.analyzes}` +
            ` checkpoints +${after.checkpoints - before.checkpoints}` +
            `  WAL ${done ? ((Number(after.lsn) - Number(before.lsn)) / done).toFixed(0) : "-"} B/op (server-wide)`,
        );
      }
    }
  }
  const end = await background(database);
  const ticksAtEnd = machineTicks();
  if (ticksAtStart && ticksAtEnd && ticksAtEnd.total > ticksAtStart.total) {
    const share = (part: "idle" | "steal") =>
      ((100 * (ticksAtEnd[part] - ticksAtStart[part])) / (ticksAtEnd.total - ticksAtStart.total)).toFixed(1);
    console.log(
      `this machine during the rounds (${kinds.map((kind) => kind.name).join(", ")}): load average ${loadAtStart} at the start, ${share("idle")} % of its CPU time idle, ${share("steal")} % taken by its host (steal)`,
    );
  }
  if (start && end)
    console.log(
      `background during the rounds: ${end.vacuums - start.vacuums} autovacuums and ${end.analyzes - start.analyzes} autoanalyzes of this database's tables, ${end.checkpoints - start.checkpoints} checkpoints (server-wide)`,
    );
  return results;
}
