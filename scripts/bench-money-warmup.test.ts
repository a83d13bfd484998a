import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/db/client.ts";
import { runRounds, type RoundKind } from "./bench-money-rounds.ts";

// The rounds need a database only for what they report of a PostgreSQL server's background work
// and backends; on PGlite they read nothing from it.
const database = openDatabase({ memory: true });
afterAll(() => database.close());

describe("runRounds: every kind warms up, unmeasured, before the first measured round", () => {
  it("runs each kind's warm-up first, in turn, and counts it apart from the rounds", async () => {
    const calls: string[] = [];
    const kind = (name: string, count: number): RoundKind => {
      let next = 0;
      return {
        name,
        next: () => (next < count ? next++ : null),
        task: async (index) => {
          calls.push(name);
          await new Promise((resolve) => setTimeout(resolve, 1));
          // Every third item is refused: a refusal is counted as done, not as ok.
          return index % 3 !== 0;
        },
      };
    };
    const results = await runRounds({
      database,
      kinds: [kind("a", 40), kind("b", 40)],
      concurrency: 2,
      seconds: 0.02,
      roundMs: 10,
      warmupMs: 5,
      log: false,
    });
    const a = results.get("a")!;
    const b = results.get("b")!;
    // Each worker runs one item before it looks at the clock: a warm-up always runs, whatever the machine's speed.
    expect(a.warmup.done).toBeGreaterThanOrEqual(2);
    expect(b.warmup.done).toBeGreaterThanOrEqual(2);
    // The warm-ups come first, a's then b's; only then do the measured rounds begin.
    expect(calls.slice(0, a.warmup.done)).toEqual(Array(a.warmup.done).fill("a"));
    expect(calls.slice(a.warmup.done, a.warmup.done + b.warmup.done)).toEqual(Array(b.warmup.done).fill("b"));
    expect(calls.length).toBe(a.warmup.done + b.warmup.done + a.done + b.done);
    // The rounds measure only their own items: one latency each, none for a warm-up's.
    for (const run of [a, b]) {
      expect(run.done).toBeGreaterThan(0);
      expect(run.latencies).toHaveLength(run.done);
      expect(run.ok).toBeLessThan(run.done + run.warmup.done);
      expect(run.warmup.ok).toBeLessThanOrEqual(run.warmup.done);
    }
    // Items 0, 3, 6, … are refused, wherever they fell: what is ok across both phases says so.
    const total = (run: typeof a) => run.done + run.warmup.done;
    for (const run of [a, b]) expect(run.ok + run.warmup.ok).toBe(total(run) - Math.ceil(total(run) / 3));
  });
});
