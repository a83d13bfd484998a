import { getLogger } from "../lib/logger.ts";
import { toTronBase58 } from "./tron-address.ts";

/** One TRC-20 Transfer event, normalised: base58 addresses, bigint micro-USDT, ms timestamps. */
export type TransferEvent = {
  /** 64 lowercase hex characters, no 0x. */
  txId: string;
  eventIndex: number;
  blockNumber: number;
  /** Block time in milliseconds since the epoch. */
  blockTimestamp: number;
  contract: string;
  from: string;
  to: string;
  /** The raw token value: micro-USDT for USDT (6 decimals). */
  amount: bigint;
};

export type TransferEventPage = {
  /** Confirmed events only. */
  events: TransferEvent[];
  fingerprint?: string;
  /** Events on the page marked `_unconfirmed` (skipped), and the oldest block time among them. */
  unconfirmed: number;
  unconfirmedFrom?: number;
};

/**
 * A failed TronGrid request. `status` is the HTTP status (undefined for a network error or a
 * timeout); `retryable` says the same request may succeed later (429, 403 — TronGrid's answer
 * to an exhausted key — 408, 5xx, network errors, timeouts).
 */
export class TronGridError extends Error {
  readonly status: number | undefined;
  readonly retryable: boolean;
  constructor(message: string, options: { status?: number; retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "TronGridError";
    this.status = options.status;
    this.retryable = options.retryable;
  }
}

export function isRetryableStatus(status: number) {
  return status === 403 || status === 408 || status === 429 || status >= 500;
}

export const PAGE_LIMIT = 200;
const TIMEOUT_MS = 15_000;

/**
 * One page of confirmed Transfer events of `contract`, oldest first, from `minBlockTimestamp`
 * (inclusive, ms). Pass the returned `fingerprint` with the same other parameters for the next
 * page; it is absent on the last one. Events that cannot be read are dropped with a warning.
 * Events TronGrid marks `_unconfirmed: true` are never returned as events, even though we ask
 * for confirmed ones only (a node or proxy may ignore `only_confirmed`): the block could still
 * be dropped. They are counted, with their oldest block time, so the caller reads them again.
 */
export async function fetchTransferEvents(options: {
  apiUrl: string;
  apiKey?: string;
  contract: string;
  minBlockTimestamp: number;
  fingerprint?: string;
  signal?: AbortSignal;
  limit?: number;
}): Promise<TransferEventPage> {
  const url = new URL(`${options.apiUrl.replace(/\/$/, "")}/v1/contracts/${encodeURIComponent(options.contract)}/events`);
  url.searchParams.set("event_name", "Transfer");
  url.searchParams.set("only_confirmed", "true");
  url.searchParams.set("min_block_timestamp", String(Math.max(0, Math.floor(options.minBlockTimestamp))));
  url.searchParams.set("order_by", "block_timestamp,asc");
  url.searchParams.set("limit", String(options.limit ?? PAGE_LIMIT));
  if (options.fingerprint) url.searchParams.set("fingerprint", options.fingerprint);

  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["TRON-PRO-API-KEY"] = options.apiKey;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { headers, signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new TronGridError(`TronGrid answered ${response.status} ${response.statusText}`.trim(), {
        status: response.status,
        retryable: isRetryableStatus(response.status),
      });
    }
    body = await response.json().catch((cause: unknown) => {
      // A proxy's HTML error page with a 200 is a transient fault, not a format change.
      throw new TronGridError("TronGrid answered with something that is not JSON", {
        status: response.status,
        retryable: true,
        cause,
      });
    });
  } catch (error) {
    if (error instanceof TronGridError) throw error;
    // The caller's own abort (shutdown) is not a TronGrid failure: let it through unchanged.
    if (options.signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    throw new TronGridError(timedOut ? "TronGrid did not answer within 15 s" : `TronGrid unreachable: ${String(error)}`, {
      retryable: true,
      cause: error,
    });
  }
  return parsePage(body);
}

type RawEvent = {
  transaction_id?: unknown;
  event_index?: unknown;
  block_number?: unknown;
  block_timestamp?: unknown;
  contract_address?: unknown;
  event_name?: unknown;
  /** TronGrid sets it (true) on events of blocks not yet confirmed (solidified). */
  _unconfirmed?: unknown;
  result?: Record<string, unknown>;
};

function parsePage(body: unknown): TransferEventPage {
  const page = body as { success?: unknown; data?: unknown; meta?: { fingerprint?: unknown } } | null;
  if (!page || typeof page !== "object" || !Array.isArray(page.data) || page.success === false) {
    throw new TronGridError("TronGrid answered without a data list", { status: 200, retryable: false });
  }
  const events: TransferEvent[] = [];
  let unconfirmed = 0;
  let unconfirmedFrom: number | undefined;
  for (const raw of page.data as RawEvent[]) {
    if (isUnconfirmed(raw)) {
      unconfirmed++;
      const at = toSafeInteger(raw.block_timestamp);
      if (at !== null) unconfirmedFrom = Math.min(unconfirmedFrom ?? at, at);
      continue;
    }
    const event = normaliseEvent(raw);
    if (event) events.push(event);
    else if (raw?.event_name === undefined || raw.event_name === "Transfer") {
      getLogger().warn({ txId: raw?.transaction_id }, "deposit watcher: skipped a Transfer event it could not read");
    }
  }
  const fingerprint = page.meta?.fingerprint;
  return {
    events,
    ...(typeof fingerprint === "string" && fingerprint !== "" ? { fingerprint } : {}),
    unconfirmed,
    ...(unconfirmedFrom === undefined ? {} : { unconfirmedFrom }),
  };
}

/** Any value but absent/false/"false" counts as unconfirmed: skipping only delays a credit. */
function isUnconfirmed(raw: RawEvent): boolean {
  const flag = raw?._unconfirmed;
  return flag !== undefined && flag !== null && flag !== false && flag !== "false";
}

/** The event in our shape, or null when it is not a readable Transfer. */
export function normaliseEvent(raw: RawEvent): TransferEvent | null {
  if (!raw || typeof raw !== "object" || (raw.event_name !== undefined && raw.event_name !== "Transfer")) return null;
  const txId = typeof raw.transaction_id === "string" ? raw.transaction_id.replace(/^0x/i, "").toLowerCase() : "";
  const eventIndex = toSafeInteger(raw.event_index);
  const blockNumber = toSafeInteger(raw.block_number);
  const blockTimestamp = toSafeInteger(raw.block_timestamp);
  const result = raw.result ?? {};
  // Decoded results carry both named ("from") and positional ("0") keys; some nodes only one.
  const contract = toTronBase58(raw.contract_address);
  const from = toTronBase58(result.from ?? result["0"]);
  const to = toTronBase58(result.to ?? result["1"]);
  const amount = toAmount(result.value ?? result["2"]);
  if (!/^[0-9a-f]{64}$/.test(txId) || eventIndex === null || blockNumber === null || blockTimestamp === null) return null;
  if (!contract || !from || !to || amount === null) return null;
  return { txId, eventIndex, blockNumber, blockTimestamp, contract, from, to, amount };
}

function toSafeInteger(value: unknown): number | null {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** uint256 as a decimal string (TronGrid), a 0x hex string, or a safe integer number. */
function toAmount(value: unknown): bigint | null {
  if (typeof value === "string" && /^(\d+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}
