import { eq } from "drizzle-orm";
import type { DepositWatcherHealth } from "~/lib/view-types/admin/money-deposits";
import { getConfig } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import { chainCursors } from "../../db/schema.ts";
import { DEFAULT_CURSOR } from "../../wallet/deposit-cursor.ts";

/**
 * The deposit watcher's health as its last poll left it on the cursor's row: when it polled and
 * whether that worked, the newest block read, the last error, and the lag, how far the cursor
 * (the block time the next poll reads from) is behind now. A healthy watcher lags by about its
 * poll interval plus a few seconds; one that stopped lags more with every minute.
 */
export async function getDepositWatcherHealth(options: { db: DbOrTx; now?: Date }): Promise<DepositWatcherHealth> {
  const { db } = options;
  const now = (options.now ?? new Date()).getTime();
  const { tron } = getConfig();
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.name, DEFAULT_CURSOR));
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    enabled: Boolean(tron.apiUrl),
    pollSeconds: tron.pollSeconds,
    cursorAt: row ? new Date(row.minBlockTimestamp).toISOString() : null,
    lagMs: row ? Math.max(0, now - row.minBlockTimestamp) : null,
    polledAt: iso(row?.polledAt),
    pollOk: row?.pollOk ?? null,
    newestBlock: row?.newestBlock ?? null,
    newestBlockAt: iso(row?.newestBlockAt),
    lastError: row?.lastError ?? null,
    lastErrorAt: iso(row?.lastErrorAt),
    usdtContract: tron.usdtContract,
  };
}
