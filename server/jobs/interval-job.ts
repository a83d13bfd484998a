import { getLogger } from "../lib/logger.ts";

/**
 * Runs `task` every `everyMs` until the signal aborts, never two runs of one job at once in
 * this process. A failing run is logged and the next one comes on schedule: one bad row must
 * not stop renewals for everyone.
 */
export function startIntervalJob(options: {
  name: string;
  everyMs: number;
  signal: AbortSignal;
  task: () => Promise<unknown>;
  initialDelayMs?: number;
}) {
  const { name, everyMs, signal, task } = options;
  const log = getLogger();
  let running: Promise<void> | undefined;
  const tick = () => {
    if (signal.aborted || running) return;
    running = task()
      .then((result) => {
        if (result && typeof result === "object" && Object.values(result).some((v) => typeof v === "number" && v > 0)) {
          log.info({ job: name, ...result }, "job run");
        }
      })
      .catch((error: unknown) => log.error({ job: name, err: error }, "job failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, options.initialDelayMs ?? 1_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  signal.addEventListener("abort", () => {
    clearTimeout(first);
    clearInterval(timer);
  });
  /** Resolves when the current run (if any) has finished. */
  return () => running ?? Promise.resolve();
}
