import { getLogger } from "../lib/logger.ts";

/**
 * Runs `task` every `everyMs` until stopped, never two runs of one job at once in this process.
 * A failing run is logged and the next one comes on schedule: one bad row must not stop renewals
 * for everyone. The returned function stops the timers and resolves once the current run (if any)
 * has finished. (A stop function rather than a shared AbortSignal: a dozen jobs each listening on
 * one signal is what Node warns about as a likely leak.)
 */
export function startIntervalJob(options: {
  name: string;
  everyMs: number;
  task: () => Promise<unknown>;
  initialDelayMs?: number;
}) {
  const { name, everyMs, task } = options;
  const log = getLogger();
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
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
  return function stop() {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    return running ?? Promise.resolve();
  };
}
