import { and, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { telegramChatMembers } from "../db/schema.ts";
import { entitledTo } from "./entitlements.ts";

/**
 * How long a claimed removal is held before another sweep may take it over: longer than the
 * three Bot API calls of a removal take even when Telegram is slow, short enough that a
 * process dying mid-removal delays it by minutes only.
 */
export const REMOVAL_LEASE_MS = 5 * 60_000;

/** The longest wait between two tries of a failing removal. */
export const REMOVAL_BACKOFF_CAP_MINUTES = 60;

/**
 * Minutes to wait after the `attempts`-th failed try: 1, 2, 4 … doubling up to an hour, so a
 * blip is retried by the next minute's sweep and a bot that lost its rights in a chat asks
 * Telegram about each member once an hour, not every minute.
 */
export function removalBackoffMinutes(attempts: number) {
  return Math.min(REMOVAL_BACKOFF_CAP_MINUTES, 2 ** Math.max(0, attempts - 1));
}

type Key = { chatId: number; telegramUserId: number };
const m = telegramChatMembers;
const byKey = (key: Key) => and(eq(m.chatId, key.chatId), eq(m.telegramUserId, key.telegramUserId));

/**
 * Claims the removal of one stale chat member: true for the one sweep that may remove them now.
 * It fails when another sweep holds the row, when a failed try's back-off has not passed, when
 * the row is gone (they left), or when the member is entitled again. The claim is a lease, not
 * a deletion, so a process that dies mid-removal leaves the row for a later sweep.
 */
export async function claimRemoval({ db, key, now }: { db: DbOrTx; key: Key; now: Date }): Promise<boolean> {
  const claimed = await db
    .update(m)
    .set({ removalAttempts: sql`${m.removalAttempts} + 1`, removalNextAt: new Date(now.getTime() + REMOVAL_LEASE_MS) })
    .where(
      and(
        byKey(key),
        or(isNull(m.removalNextAt), lte(m.removalNextAt, now)),
        sql`not ${entitledTo(sql`${m.chatId}`, sql`${m.telegramUserId}`)}`,
      ),
    )
    .returning({ chatId: m.chatId });
  return claimed.length > 0;
}

/** The removal is done (or there was nothing to remove): the row goes. */
export async function finishRemoval({ db, key }: { db: DbOrTx; key: Key }) {
  await db.delete(m).where(byKey(key));
}

/** The try failed: keep the row with Telegram's answer, to be tried again after the back-off. */
export async function failRemoval({ db, key, ...options }: { db: DbOrTx; key: Key; error: string; now: Date }) {
  const [row] = await db.select({ attempts: m.removalAttempts }).from(m).where(byKey(key));
  if (!row) return undefined;
  const nextAt = new Date(options.now.getTime() + removalBackoffMinutes(row.attempts) * 60_000);
  await db
    .update(m)
    .set({ removalError: options.error.slice(0, 500), removalFailedAt: options.now, removalNextAt: nextAt })
    .where(byKey(key));
  return { attempts: row.attempts, nextAt };
}

/**
 * Members whose removal had started or failed but who are entitled again (they renewed) are
 * no longer to be removed: their rows lose the removal state. Read through the partial index
 * of rows with a removal state, empty as a rule.
 */
export async function clearObsoleteRemovals({ db }: { db: DbOrTx }) {
  await db
    .update(m)
    .set({ removalAttempts: 0, removalError: null, removalFailedAt: null, removalNextAt: null })
    .where(and(isNotNull(m.removalNextAt), sql`${entitledTo(sql`${m.chatId}`, sql`${m.telegramUserId}`)}`));
}
