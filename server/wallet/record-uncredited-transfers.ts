import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { uncreditedTransfers } from "../db/schema.ts";
import type { TransferEvent } from "./trongrid-client.ts";

/**
 * Why the watcher saw a transfer to a member's deposit address and did not credit it:
 * `unconfirmed` (its block may still be dropped; a later poll credits it once confirmed),
 * `other_token` (a contract other than USDT: it is not money this site accepts), `zero_amount`
 * (a transfer of nothing, how address-poisoning spam arrives). Dust above zero is credited.
 */
export type UncreditedReason = "unconfirmed" | "other_token" | "zero_amount";

/**
 * Records transfers the watcher skipped, once per (transaction, event index). Reading the same
 * window again (every poll re-reads a few seconds) writes nothing; a transfer whose reason
 * changed (seen unconfirmed, then confirmed as another token) gets its new reason. Returns how
 * many rows were new or changed. One statement for the whole page.
 */
export async function recordUncreditedTransfers(options: {
  db: DbOrTx;
  transfers: { event: TransferEvent; userId: string; reason: UncreditedReason }[];
}): Promise<number> {
  const { db, transfers } = options;
  if (transfers.length === 0) return 0;
  // A page may hold the same event twice (a node repeating itself): one row each, the last reason.
  const unique = new Map(transfers.map((t) => [`${t.event.txId}:${t.event.eventIndex}`, t]));
  const written = await db
    .insert(uncreditedTransfers)
    .values(
      [...unique.values()].map(({ event, userId, reason }) => ({
        txId: event.txId,
        eventIndex: event.eventIndex,
        userId,
        toAddress: event.to,
        fromAddress: event.from,
        tokenContract: event.contract,
        amount: event.amount,
        reason,
        blockTimestamp: new Date(event.blockTimestamp),
      })),
    )
    .onConflictDoUpdate({
      target: [uncreditedTransfers.txId, uncreditedTransfers.eventIndex],
      set: { reason: sql`excluded.reason`, tokenContract: sql`excluded.token_contract` },
      setWhere: sql`${uncreditedTransfers.reason} <> excluded.reason`,
    })
    .returning({ id: uncreditedTransfers.id });
  return written.length;
}
