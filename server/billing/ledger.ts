import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { ledgerEntries, profiles } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";

export type LedgerKind = (typeof ledgerEntries.$inferInsert)["kind"];

export type PostLedgerEntryResult = {
  /** False when an entry with this reference already existed: nothing changed. */
  inserted: boolean;
  balance: bigint;
};

/**
 * The only way a balance changes (DESIGN.md §4): one ledger row and the cached balance, in the
 * caller's transaction. `reference` is unique, so replaying the same event (a chain deposit, a
 * retried request) changes nothing and reports `inserted: false`.
 *
 * Call it inside the transaction that also writes whatever else the change writes
 * (subscriptions, billing rows), so all of it commits or none of it does. It runs in its own
 * savepoint (or transaction, given the plain database), so a refused debit leaves no row.
 */
export async function postLedgerEntry(options: {
  tx: DbOrTx;
  userId: string;
  kind: LedgerKind;
  /** Signed micro-USDT: positive credits, negative debits. */
  amount: bigint;
  reference: string;
  memo?: string;
}): Promise<PostLedgerEntryResult> {
  const { userId, kind, amount, reference, memo } = options;
  if (amount === 0n) throw new AppError("VALIDATION", "A ledger entry needs a non-zero amount.");
  return options.tx.transaction(async (tx) => {
    const inserted = await tx
      .insert(ledgerEntries)
      .values({ userId, kind, amount, reference, memo })
      .onConflictDoNothing({ target: ledgerEntries.reference })
      .returning({ id: ledgerEntries.id });
    if (inserted.length === 0) {
      const [row] = await tx.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
      return { inserted: false, balance: row?.balance ?? 0n };
    }
    // A debit larger than the balance must never happen silently: the CHECK (balance >= 0)
    // would abort the transaction, so test first and report it as the domain error it is.
    const [updated] = await tx
      .update(profiles)
      .set({ balance: sql`${profiles.balance} + ${amount}` })
      .where(
        amount < 0n ? sql`${profiles.id} = ${userId} and ${profiles.balance} >= ${-amount}` : eq(profiles.id, userId),
      )
      .returning({ balance: profiles.balance });
    if (!updated) {
      const [exists] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
      if (!exists) throw new AppError("NOT_FOUND", "Member not found.");
      throw new AppError("PAYMENT_REQUIRED", "Insufficient balance.");
    }
    return { inserted: true, balance: updated.balance };
  });
}

/** Sum of a member's ledger: what the cached balance must always equal. */
export async function ledgerSum(db: DbOrTx, userId: string): Promise<bigint> {
  const rows = await db.execute<{ total: string | null }>(
    sql`select coalesce(sum(amount), 0)::text as total from ledger_entries where user_id = ${userId}`,
  );
  return BigInt(rows.rows[0]?.total ?? "0");
}
