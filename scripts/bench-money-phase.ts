// The money bench's unrounded phases (the baseline, the funding, the holdings) and how every
// phase and round is printed.
import { performance } from "node:perf_hooks";
import { isAppError } from "../server/lib/errors.ts";
import type { KindResult } from "./bench-money-rounds.ts";

export type PhaseResult = Pick<KindResult, "name" | "done" | "ok" | "seconds" | "latencies">;

/** Runs `task` over `count` items with `concurrency` workers until done or `seconds` elapse. */
export async function phase(
  name: string,
  count: number,
  concurrency: number,
  seconds: number,
  task: (index: number) => Promise<boolean>,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (next < count && performance.now() < deadline) {
      const index = next++;
      const t0 = performance.now();
      if (await task(index)) ok++;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { name, done: latencies.length, ok, seconds: (performance.now() - started) / 1000, latencies };
}

/** A refusal (a domain error) counts as not done; anything else breaks the bench. */
export function attempt(work: Promise<unknown>): Promise<boolean> {
  return work.then(
    () => true,
    (error: unknown) => {
      if (isAppError(error)) return false;
      throw error;
    },
  );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Prints one line for the phase and returns its throughput (operations a second). */
export function report(result: PhaseResult) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const rate = result.done / result.seconds;
  console.log(
    `${result.name.padEnd(9)} ${String(result.done).padStart(6)} ops (${result.ok} ok) in ${result.seconds.toFixed(2)} s` +
      `  ${rate.toFixed(0).padStart(6)} ops/s  p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p99 ${percentile(sorted, 0.99).toFixed(2)} ms`,
  );
  return rate;
}
