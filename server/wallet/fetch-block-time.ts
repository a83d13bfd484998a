import { z } from "zod";
import { isRetryableStatus, TronGridError } from "./trongrid-client.ts";

const TIMEOUT_MS = 15_000;

const blockAnswer = z.object({
  block_header: z
    .object({ raw_data: z.object({ number: z.number().int().min(0).optional(), timestamp: z.number().int().min(0) }) })
    .optional(),
});

/**
 * The time (ms since the epoch) of block `number`, from the full node API TronGrid also serves
 * (`POST /wallet/getblockbynum`), or null when the chain has no such block yet (the node then
 * answers `{}`). A rescan "from a block" needs it because the watcher's cursor is a block time:
 * the number cannot be turned into a time by arithmetic, since skipped slots make blocks come
 * more than 3 seconds apart, and a time too late would skip transfers.
 */
export async function fetchBlockTime(options: {
  apiUrl: string;
  apiKey?: string;
  number: number;
  signal?: AbortSignal;
}): Promise<number | null> {
  const url = `${options.apiUrl.replace(/\/$/, "")}/wallet/getblockbynum`;
  const headers: Record<string, string> = { accept: "application/json", "content-type": "application/json" };
  if (options.apiKey) headers["TRON-PRO-API-KEY"] = options.apiKey;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let body: unknown;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ num: options.number }),
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new TronGridError(`TronGrid answered ${response.status} ${response.statusText}`.trim(), {
        status: response.status,
        retryable: isRetryableStatus(response.status),
      });
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof TronGridError) throw error;
    if (options.signal?.aborted) throw error;
    throw new TronGridError(
      timeout.aborted ? "TronGrid did not answer within 15 s" : `TronGrid unreachable: ${String(error)}`,
      {
        retryable: true,
        cause: error,
      },
    );
  }
  const block = blockAnswer.safeParse(body);
  if (!block.success)
    throw new TronGridError("TronGrid answered with something that is not a block", { retryable: false });
  const header = block.data.block_header?.raw_data;
  if (!header) return null;
  // A node that answers another block than the one asked for must not move the cursor.
  if (header.number !== undefined && header.number !== options.number)
    throw new TronGridError(`TronGrid answered block ${header.number} for block ${options.number}`, {
      retryable: false,
    });
  return header.timestamp;
}
