import { and, desc, eq, sql } from "drizzle-orm";
import { DEPOSITS_PAGE_SIZE, type DepositsQuery } from "~/lib/validation/admin/money-deposits";
import type { CreditedDeposits } from "~/lib/view-types/admin/money-deposits";
import { getConfig } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import { chainDeposits, user } from "../../db/schema.ts";

/**
 * One page of the transfers the watcher credited, across every member, newest block first,
 * each linked to the block explorer. Paged by keyset (block time, id), so an old page costs
 * what the first does. Those below MIN_DEPOSIT_USDT are marked: credited, but not announced.
 */
export async function listCreditedDeposits(options: { db: DbOrTx; query: DepositsQuery }): Promise<CreditedDeposits> {
  const { db, query } = options;
  const { tronExplorerUrl, tron } = getConfig();
  const rows = await db
    .select({
      id: chainDeposits.id,
      userId: chainDeposits.userId,
      email: user.email,
      txId: chainDeposits.txId,
      eventIndex: chainDeposits.eventIndex,
      amount: chainDeposits.amount,
      fromAddress: chainDeposits.fromAddress,
      toAddress: chainDeposits.toAddress,
      blockNumber: chainDeposits.blockNumber,
      blockTimestamp: chainDeposits.blockTimestamp,
    })
    .from(chainDeposits)
    .innerJoin(user, eq(user.id, chainDeposits.userId))
    .where(
      and(
        query.before
          ? sql`(${chainDeposits.blockTimestamp}, ${chainDeposits.id}) < (${query.before.blockTimestamp}::timestamptz, ${query.before.id}::bigint)`
          : undefined,
      ),
    )
    .orderBy(desc(chainDeposits.blockTimestamp), desc(chainDeposits.id))
    .limit(DEPOSITS_PAGE_SIZE + 1);
  const page = rows.slice(0, DEPOSITS_PAGE_SIZE).map((r) => ({
    id: String(r.id),
    userId: r.userId,
    email: r.email,
    txId: r.txId,
    eventIndex: r.eventIndex,
    explorerUrl: `${tronExplorerUrl}${r.txId}`,
    amount: String(r.amount),
    fromAddress: r.fromAddress,
    toAddress: r.toAddress,
    blockNumber: r.blockNumber,
    blockTimestamp: r.blockTimestamp.toISOString(),
    belowMinimum: r.amount < tron.minDeposit,
  }));
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > DEPOSITS_PAGE_SIZE && last ? `${last.blockTimestamp}~${last.id}` : null,
  };
}
