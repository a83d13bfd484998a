import { formatTimestamp } from "~/lib/dates";
import { getConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { DEFAULT_CURSOR, getCursor } from "../../wallet/deposit-cursor.ts";
import { fetchBlockTime } from "../../wallet/fetch-block-time.ts";
import { rescanDeposits } from "../../wallet/rescan-deposits.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

/** The audit target of everything done to the deposit watcher (its history on the deposits page). */
export const DEPOSIT_WATCHER_TARGET = { type: "deposit-watcher", id: DEFAULT_CURSOR } as const;

export const rescanErrors = {
  noApi:
    "Rescanning from a block needs the block's time from TronGrid, and TRON_API_URL is not " +
    "set: give a date and time instead.",
  noBlock: (block: number) => `Block ${block} is not on the chain yet.`,
  unavailable: (why: string) =>
    `TronGrid did not give the block's time (${why}). Try again, or give a date and time instead.`,
  future: "That time is in the future: there is nothing to read again yet.",
} as const;

/** A refusal of the `from` field: the form shows it beside the field. */
const refuseFrom = (message: string) => new AppError("VALIDATION", message, { fieldErrors: { from: message } });

/**
 * "Rescan from": moves the deposit watcher's cursor back to a block's time or to a moment, so
 * its next polls read every confirmed transfer since then again (nothing is credited twice:
 * each credit is keyed by transaction and event index), and audits who did it, from where to
 * where, in the same transaction. The back office and the ops command both come here. A block
 * is looked up on TronGrid first, outside the transaction.
 */
export async function rescanDepositWatcher(options: {
  db: Db;
  actor: StaffActor;
  from: { block: number } | { at: Date };
  /** TronGrid, for a block's time; the configuration's by default. */
  tron?: { apiUrl?: string; apiKey?: string };
  now?: Date;
}): Promise<{ from: Date; block: number | null; previous: Date | null }> {
  const { db, actor } = options;
  const now = options.now ?? new Date();
  let from: Date;
  let block: number | null = null;
  if ("block" in options.from) {
    block = options.from.block;
    const { apiUrl, apiKey } = options.tron ?? getConfig().tron;
    if (!apiUrl) throw refuseFrom(rescanErrors.noApi);
    let at: number | null;
    try {
      at = await fetchBlockTime({ apiUrl, apiKey, number: block });
    } catch (error) {
      throw new AppError(
        "UNAVAILABLE",
        rescanErrors.unavailable(error instanceof Error ? error.message : String(error)),
      );
    }
    if (at === null) throw refuseFrom(rescanErrors.noBlock(block));
    from = new Date(at);
  } else {
    from = options.from.at;
  }
  if (from.getTime() > now.getTime()) throw refuseFrom(rescanErrors.future);

  return db.transaction(async (tx) => {
    const cursor = await getCursor({ db: tx, name: DEFAULT_CURSOR });
    const previous = cursor === null ? null : new Date(cursor);
    await rescanDeposits({ db: tx, from, now });
    await recordAuditEvent({
      tx,
      actor,
      action: "money.rescan",
      target: DEPOSIT_WATCHER_TARGET,
      summary:
        block === null
          ? `Rescan of deposits from ${formatTimestamp(from)}`
          : `Rescan of deposits from block ${block} (${formatTimestamp(from)})`,
      before: { cursor: previous?.toISOString() ?? null },
      after: { cursor: from.toISOString(), ...(block === null ? {} : { block }) },
      now,
    });
    return { from, block, previous };
  });
}
