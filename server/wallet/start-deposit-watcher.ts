import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { DEFAULT_CURSOR } from "./deposit-cursor.ts";
import { delay, pollDeposits } from "./poll-deposits.ts";
import { recordPollOutcome } from "./record-poll-outcome.ts";

const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * The deposit watcher (one per deployment: the job runner holds an advisory lock around it).
 * Polls every `pollSeconds`; on failures (429/403 rate limits, 5xx, network, anything else)
 * waits exponentially longer, up to 5 minutes, and returns to the normal pace after a success.
 * Without TRON_API_URL it does nothing until stopped. Resolves when `signal` aborts.
 */
export async function startDepositWatcher(options: {
  db: Db;
  /** Only what the watcher reads, so tests need not build a whole configuration. */
  config: { tron: Pick<Config["tron"], "apiUrl" | "apiKey" | "pollSeconds" | "usdtContract" | "minDeposit"> };
  signal: AbortSignal;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}): Promise<void> {
  const { db, signal } = options;
  const { apiUrl, apiKey, pollSeconds, usdtContract, minDeposit } = options.config.tron;
  const log = getLogger();
  const wait = options.sleep ?? delay;
  if (!apiUrl) {
    log.info("deposit watcher off: TRON_API_URL is not set");
    await wait(Number.POSITIVE_INFINITY, signal);
    return;
  }
  const pollMs = pollSeconds * 1000;
  let failures = 0;
  log.info({ host: new URL(apiUrl).host, pollSeconds, apiKey: Boolean(apiKey) }, "deposit watcher started");
  while (!signal.aborted) {
    let next = pollMs;
    const startedAt = new Date();
    let outcome: Omit<Parameters<typeof recordPollOutcome>[0], "db" | "cursorName" | "startedAt">;
    try {
      // The pauses between pages are the watcher's own waits too: a stop ends one at once, and
      // a test's injected sleep sees (and skips) them.
      const result = await pollDeposits({
        db,
        apiUrl,
        apiKey,
        contract: usdtContract,
        minDeposit,
        signal,
        sleep: (ms) => wait(ms, signal),
      });
      const { credited, uncredited, seen, pages, cursor, newest } = result;
      outcome = { done: { credited, uncredited, seen, pages, cursor }, newest };
      if (result.error) {
        failures++;
        next = backoff(pollMs, failures);
        outcome.error = result.error.message;
        log.warn(
          { status: result.error.status, err: result.error.message, retryInMs: next },
          "deposit watcher: TronGrid unavailable; backing off",
        );
      } else {
        failures = 0;
        // Catching up after downtime: read the next window right away.
        if (!result.complete) next = 1_000;
        if (result.credited > 0) log.info({ credited: result.credited, seen: result.seen }, "deposit watcher poll");
      }
    } catch (error) {
      if (signal.aborted) break;
      failures++;
      next = backoff(pollMs, failures);
      outcome = { error: error instanceof Error ? error.message : String(error) };
      log.error({ err: error, retryInMs: next }, "deposit watcher poll failed");
    }
    await recordPollOutcome({ db, cursorName: DEFAULT_CURSOR, startedAt, ...outcome }).catch((error: unknown) =>
      log.warn({ err: error }, "deposit watcher: poll health not recorded"),
    );
    await wait(next, signal);
  }
}

export function backoff(baseMs: number, failures: number) {
  return Math.min(baseMs * 2 ** Math.min(failures, 20), Math.max(MAX_BACKOFF_MS, baseMs));
}
