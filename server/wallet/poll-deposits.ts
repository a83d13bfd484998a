import { once } from "node:events";
import { setTimeout as pause } from "node:timers/promises";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { creditDeposit } from "./credit-deposit.ts";
import { advanceCursor, DEFAULT_CURSOR, readOrCreateCursor } from "./deposit-cursor.ts";
import { recordUncreditedTransfers, type UncreditedReason } from "./record-uncredited-transfers.ts";
import { toTronBase58 } from "./tron-address.ts";
import { fetchTransferEvents, TronGridError, type TransferEvent } from "./trongrid-client.ts";

export type PollResult = {
  /** Deposits credited by this poll (replays of earlier ones are not counted). */
  credited: number;
  /** Confirmed events read, of any recipient. */
  seen: number;
  /** Events the API returned although not yet confirmed: skipped, read again by a later poll. */
  unconfirmed: number;
  /** Transfers to members' addresses not credited (unconfirmed, another token, zero) newly recorded. */
  uncredited: number;
  pages: number;
  /** The cursor after the poll (unchanged when the poll stopped on an error). */
  cursor: number;
  /** False when the poll stopped at maxPages with more to read: poll again soon. */
  complete: boolean;
  /** The retryable TronGrid failure that stopped this poll; the caller backs off. */
  error?: TronGridError;
  /** The newest confirmed block read (absent when the window was empty). */
  newest?: { block: number; at: number };
};

/**
 * Safety margin re-read on every poll. The cursor's own millisecond is always re-read (events
 * of one block share it and may straddle a page boundary); the margin also covers an indexer
 * that publishes a block's events slightly out of order. Re-reading is harmless: crediting
 * is idempotent per (transaction, event index).
 */
export const CURSOR_OVERLAP_MS = 3_000;

/**
 * Reads confirmed USDT Transfer events since the cursor — one stream for all members, never a
 * request per member — and credits those sent to a member's deposit address, each exactly
 * once. The cursor moves only after every credit of the window read has committed, to the
 * newest block time seen minus the overlap, so no window is ever skipped; it never passes an
 * unconfirmed event the API returned (skipped now, credited once confirmed). Deposits below
 * `minDeposit` (micro-USDT) are credited without notifying the member. A retryable failure
 * (429, 403, 5xx, network) stops the poll with the cursor where it was, reported in `error`.
 */
export async function pollDeposits(options: {
  db: Db;
  apiUrl: string;
  apiKey?: string;
  contract: string;
  cursorName?: string;
  /** Micro-USDT; smaller deposits are credited silently (config MIN_DEPOSIT_USDT). Default: all notify. */
  minDeposit?: bigint;
  maxPages?: number;
  pageLimit?: number;
  overlapMs?: number;
  /** Pause between pages (TronGrid's per-second limits); tests pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
  pageDelayMs?: number;
  now?: () => number;
  signal?: AbortSignal;
}): Promise<PollResult> {
  const { db, apiUrl, apiKey, signal } = options;
  const cursorName = options.cursorName ?? DEFAULT_CURSOR;
  const maxPages = options.maxPages ?? 50;
  const overlapMs = options.overlapMs ?? CURSOR_OVERLAP_MS;
  const sleep = options.sleep ?? delay;
  const contract = toTronBase58(options.contract);
  if (!contract) throw new Error(`Not a TRON contract address: ${options.contract}`);

  const start = await readOrCreateCursor({ db, name: cursorName, now: (options.now ?? Date.now)() });
  const result: PollResult = {
    credited: 0,
    seen: 0,
    unconfirmed: 0,
    uncredited: 0,
    pages: 0,
    cursor: start,
    complete: false,
  };
  let newest: number | undefined;
  let oldestUnconfirmed: number | undefined;
  let fingerprint: string | undefined;
  while (result.pages < maxPages) {
    if (result.pages > 0) await sleep(options.pageDelayMs ?? 250);
    let page;
    try {
      page = await fetchTransferEvents({
        apiUrl,
        apiKey,
        contract,
        minBlockTimestamp: start,
        fingerprint,
        signal,
        limit: options.pageLimit,
      });
    } catch (error) {
      if (error instanceof TronGridError && error.retryable) return { ...result, error };
      throw error;
    }
    result.pages++;
    result.seen += page.events.length;
    result.unconfirmed += page.unconfirmed;
    for (const event of page.events) {
      newest = Math.max(newest ?? event.blockTimestamp, event.blockTimestamp);
      if (event.blockNumber > (result.newest?.block ?? -1))
        result.newest = { block: event.blockNumber, at: event.blockTimestamp };
    }
    if (page.unconfirmedFrom !== undefined)
      oldestUnconfirmed = Math.min(oldestUnconfirmed ?? page.unconfirmedFrom, page.unconfirmedFrom);
    const done = await creditPage({
      db,
      contract,
      events: page.events,
      pending: page.pending ?? [],
      minDeposit: options.minDeposit ?? 0n,
    });
    result.credited += done.credited;
    result.uncredited += done.uncredited;
    if (!page.fingerprint || page.fingerprint === fingerprint) {
      result.complete = true;
      break;
    }
    fingerprint = page.fingerprint;
  }

  // Events come oldest first, so even a window cut at maxPages is read up to `newest`.
  if (newest !== undefined) {
    // min_block_timestamp is inclusive: stopping at the oldest unconfirmed event re-reads it.
    const next = Math.max(start, Math.min(newest - overlapMs, oldestUnconfirmed ?? Number.POSITIVE_INFINITY));
    if (await advanceCursor({ db, name: cursorName, expected: start, next })) result.cursor = next;
    else if (next === start && !result.complete) {
      getLogger().warn(
        { cursor: start, pages: result.pages },
        "deposit watcher: a full poll did not move the cursor; raise maxPages",
      );
    }
  }
  return result;
}

/** Why a transfer is not credited, or null when it is a USDT deposit to credit. */
function skipReason(event: TransferEvent, contract: string): UncreditedReason | null {
  // TronGrid filters by contract already; a transfer of any other token must still never count.
  if (event.contract !== contract) return "other_token";
  if (event.amount <= 0n) return "zero_amount";
  return null;
}

/**
 * Credits the page's USDT transfers to members and records those to members' addresses it
 * does not credit, with the reason (the unconfirmed ones the API handed back included): one
 * profile lookup for the whole page.
 */
async function creditPage(options: {
  db: Db;
  contract: string;
  events: TransferEvent[];
  pending: TransferEvent[];
  minDeposit: bigint;
}): Promise<{ credited: number; uncredited: number }> {
  const { db, contract, events, pending, minDeposit } = options;
  const addresses = [...new Set([...events, ...pending].map((e) => e.to))];
  if (addresses.length === 0) return { credited: 0, uncredited: 0 };
  const owners = await db
    .select({ id: profiles.id, walletAddress: profiles.walletAddress })
    .from(profiles)
    .where(inArray(profiles.walletAddress, addresses));
  if (owners.length === 0) return { credited: 0, uncredited: 0 };
  const ownerOf = new Map(owners.map((o) => [o.walletAddress!, o.id]));

  const skipped: Parameters<typeof recordUncreditedTransfers>[0]["transfers"] = [];
  for (const event of pending) {
    const userId = ownerOf.get(event.to);
    if (userId) skipped.push({ event, userId, reason: skipReason(event, contract) ?? "unconfirmed" });
  }
  let credited = 0;
  for (const event of events) {
    const userId = ownerOf.get(event.to);
    if (!userId) continue;
    const reason = skipReason(event, contract);
    if (reason) {
      skipped.push({ event, userId, reason });
      continue;
    }
    const notify = event.amount >= minDeposit;
    const { credited: done } = await creditDeposit({ db, event, userId, notify });
    if (done) {
      credited++;
      getLogger().info(
        { userId, txId: event.txId, eventIndex: event.eventIndex, amount: String(event.amount), notified: notify },
        "deposit credited",
      );
    }
  }
  const uncredited = await recordUncreditedTransfers({ db, transfers: skipped });
  return { credited, uncredited };
}

/** Resolves after `ms`, or at once when `signal` aborts (Infinity: only then). */
export async function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return;
  if (!Number.isFinite(ms)) {
    // timers/promises would turn Infinity into 1 ms: wait for the abort alone (forever without a signal).
    await (signal ? once(signal, "abort") : new Promise<never>(() => {}));
    return;
  }
  await pause(ms, undefined, { signal }).catch((error: unknown) => {
    if (!signal?.aborted) throw error;
  });
}
