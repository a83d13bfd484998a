import { z } from "zod";
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
  /** Those of them that could be read, so the watcher can say which transfers are pending (absent when none). */
  pending?: TransferEvent[];
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
  const url = new URL(
    `${options.apiUrl.replace(/\/$/, "")}/v1/contracts/${encodeURIComponent(options.contract)}/events`,
  );
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
    throw new TronGridError(
      timedOut ? "TronGrid did not answer within 15 s" : `TronGrid unreachable: ${String(error)}`,
      {
        retryable: true,
        cause: error,
      },
    );
  }
  return parsePage(body);
}

/** Anything, or nothing: the key may be absent. */
const optional = z.unknown().optional();

/** A non-negative safe integer, also spelled as a decimal string. */
const count = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(0));

/** A TRON address in any of its three spellings (base58 T…, hex 41…, hex 0x…), as base58. */
const tronAddress = z.unknown().transform((value, ctx) => {
  const address = toTronBase58(value);
  if (address === null) ctx.addIssue({ code: "custom", message: "not a TRON address" });
  return address ?? z.NEVER;
});

/** uint256 as a decimal string (TronGrid), a 0x hex string, or a safe integer number. */
const amount = z
  .union([z.string().regex(/^(\d+|0x[0-9a-fA-F]+)$/), z.number().int().min(0)])
  .transform((value) => BigInt(value));

/**
 * A readable Transfer event, in our shape. Unknown fields are allowed (ignored); a missing or
 * unreadable one fails the event, which the page then skips.
 */
const transferEvent = z
  .object({
    transaction_id: z
      .string()
      .transform((id) => id.replace(/^0x/i, "").toLowerCase())
      .pipe(z.string().regex(/^[0-9a-f]{64}$/)),
    event_index: count,
    block_number: count,
    block_timestamp: count,
    contract_address: tronAddress,
    event_name: z.literal("Transfer").optional(),
    // Decoded results carry both named ("from") and positional ("0") keys; some nodes only one.
    result: z
      .object({ from: optional, to: optional, value: optional, 0: optional, 1: optional, 2: optional })
      .transform((r) => ({ from: r.from ?? r[0], to: r.to ?? r[1], value: r.value ?? r[2] }))
      .pipe(z.object({ from: tronAddress, to: tronAddress, value: amount })),
  })
  .transform((e): TransferEvent => ({
    txId: e.transaction_id,
    eventIndex: e.event_index,
    blockNumber: e.block_number,
    blockTimestamp: e.block_timestamp,
    contract: e.contract_address,
    from: e.result.from,
    to: e.result.to,
    amount: e.result.value,
  }));

/** What is read of every item before knowing it is a Transfer event; an item that is no object reads as {}. */
const pageItem = z
  .object({
    transaction_id: optional,
    event_name: optional,
    block_timestamp: optional,
    /** TronGrid sets it (true) on events of blocks not yet confirmed (solidified). */
    _unconfirmed: optional,
  })
  .catch({});

const eventPage = z.object({
  success: optional.refine((success) => success !== false),
  data: z.array(z.unknown()),
  // A missing, odd or empty fingerprint means the last page.
  meta: z
    .object({ fingerprint: z.string().min(1).optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

function parsePage(body: unknown): TransferEventPage {
  const page = eventPage.safeParse(body);
  if (!page.success)
    throw new TronGridError("TronGrid answered without a data list", { status: 200, retryable: false });
  const events: TransferEvent[] = [];
  const pending: TransferEvent[] = [];
  let unconfirmed = 0;
  let unconfirmedFrom: number | undefined;
  for (const raw of page.data.data) {
    const item = pageItem.parse(raw);
    if (isUnconfirmed(item._unconfirmed)) {
      unconfirmed++;
      const at = count.safeParse(item.block_timestamp);
      if (at.success) unconfirmedFrom = Math.min(unconfirmedFrom ?? at.data, at.data);
      const event = normaliseEvent(raw);
      if (event) pending.push(event);
      continue;
    }
    const event = normaliseEvent(raw);
    if (event) events.push(event);
    else if (item.event_name === undefined || item.event_name === "Transfer") {
      getLogger().warn({ txId: item.transaction_id }, "deposit watcher: skipped a Transfer event it could not read");
    }
  }
  const fingerprint = page.data.meta?.fingerprint;
  return {
    events,
    ...(fingerprint === undefined ? {} : { fingerprint }),
    unconfirmed,
    ...(unconfirmedFrom === undefined ? {} : { unconfirmedFrom }),
    ...(pending.length === 0 ? {} : { pending }),
  };
}

/** Any value but absent/false/"false" counts as unconfirmed: skipping only delays a credit. */
function isUnconfirmed(flag: unknown): boolean {
  return flag !== undefined && flag !== null && flag !== false && flag !== "false";
}

/** The event in our shape, or null when it is not a readable Transfer. */
export function normaliseEvent(raw: unknown): TransferEvent | null {
  const event = transferEvent.safeParse(raw);
  return event.success ? event.data : null;
}
