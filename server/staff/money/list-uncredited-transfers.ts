import { desc, eq, sql } from "drizzle-orm";
import type { UncreditedTransfers } from "~/lib/view-types/admin/money-deposits";
import { getConfig } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import { uncreditedTransfers, user } from "../../db/schema.ts";

export const UNCREDITED_LIST_LIMIT = 50;

/**
 * Transfers the watcher saw to members' addresses and did not credit, newest first, with the
 * reason, and how many there are. One that was unconfirmed and has since been credited keeps
 * its row (the watcher's record of what it saw) but is no longer listed: it is not uncredited.
 */
export async function listUncreditedTransfers(options: { db: DbOrTx; limit?: number }): Promise<UncreditedTransfers> {
  const { db } = options;
  const limit = options.limit ?? UNCREDITED_LIST_LIMIT;
  const notCredited = sql`not exists (
    select 1 from chain_deposits d
    where d.tx_id = ${uncreditedTransfers.txId} and d.event_index = ${uncreditedTransfers.eventIndex}
  )`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: uncreditedTransfers.id,
        userId: uncreditedTransfers.userId,
        email: user.email,
        txId: uncreditedTransfers.txId,
        eventIndex: uncreditedTransfers.eventIndex,
        toAddress: uncreditedTransfers.toAddress,
        fromAddress: uncreditedTransfers.fromAddress,
        tokenContract: uncreditedTransfers.tokenContract,
        amount: uncreditedTransfers.amount,
        reason: uncreditedTransfers.reason,
        blockTimestamp: uncreditedTransfers.blockTimestamp,
        seenAt: uncreditedTransfers.seenAt,
      })
      .from(uncreditedTransfers)
      .leftJoin(user, eq(user.id, uncreditedTransfers.userId))
      .where(notCredited)
      .orderBy(desc(uncreditedTransfers.seenAt), desc(uncreditedTransfers.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(uncreditedTransfers)
      .where(notCredited),
  ]);
  const explorer = getConfig().tronExplorerUrl;
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      userId: r.userId,
      email: r.email,
      txId: r.txId,
      eventIndex: r.eventIndex,
      explorerUrl: `${explorer}${r.txId}`,
      toAddress: r.toAddress,
      fromAddress: r.fromAddress,
      tokenContract: r.tokenContract,
      amount: r.amount === null ? null : String(r.amount),
      reason: r.reason,
      blockTimestamp: r.blockTimestamp?.toISOString() ?? null,
      seenAt: r.seenAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
