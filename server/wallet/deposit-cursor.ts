import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { chainCursors } from "../db/schema.ts";

export const DEFAULT_CURSOR = "usdt-trc20";

/**
 * Where a watcher with no cursor yet starts: 10 minutes back. Not 0 — that would page through
 * the whole history of USDT on TRON (billions of transfers) before crediting anyone — and not
 * "now", which would miss what was confirmed while the server was being set up or restarted
 * for the first time (confirmation alone takes about a minute). Addresses are issued by this
 * server, so older deposits are rare; `rescan --from` recovers any.
 */
export const INITIAL_LOOKBACK_MS = 10 * 60_000;

/** The cursor's value, creating it at now − 10 minutes when absent so the start never drifts. */
export async function readOrCreateCursor({
  db,
  name,
  now,
}: {
  db: DbOrTx;
  name: string;
  now: number;
}): Promise<number> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.name, name));
  if (row) return row.minBlockTimestamp;
  await db
    .insert(chainCursors)
    .values({ name, minBlockTimestamp: now - INITIAL_LOOKBACK_MS })
    .onConflictDoNothing({ target: chainCursors.name });
  const [created] = await db.select().from(chainCursors).where(eq(chainCursors.name, name));
  return created!.minBlockTimestamp;
}

/**
 * Moves the cursor from `expected` to `next`, only if nobody moved it meanwhile (a rescan set
 * while a poll was running wins over that poll). Returns whether it moved.
 */
export async function advanceCursor({
  db,
  name,
  expected,
  next,
}: {
  db: DbOrTx;
  name: string;
  expected: number;
  next: number;
}): Promise<boolean> {
  if (next === expected) return false;
  const moved = await db
    .update(chainCursors)
    .set({ minBlockTimestamp: next })
    .where(and(eq(chainCursors.name, name), eq(chainCursors.minBlockTimestamp, expected)))
    .returning({ name: chainCursors.name });
  return moved.length > 0;
}

/** Sets the cursor to `value` unconditionally (creating it), as `rescan --from` does. */
export async function setCursor({ db, name, value }: { db: DbOrTx; name: string; value: number }): Promise<void> {
  await db
    .insert(chainCursors)
    .values({ name, minBlockTimestamp: value })
    .onConflictDoUpdate({ target: chainCursors.name, set: { minBlockTimestamp: value, updatedAt: new Date() } });
}

/** The cursor's value, or null before the first poll. */
export async function getCursor({ db, name = DEFAULT_CURSOR }: { db: DbOrTx; name?: string }): Promise<number | null> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.name, name));
  return row?.minBlockTimestamp ?? null;
}
