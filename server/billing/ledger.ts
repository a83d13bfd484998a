import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import type { ledgerEntries } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";

export type LedgerKind = (typeof ledgerEntries.$inferInsert)["kind"];

export type PostLedgerEntryResult = {
  /** False when an entry with this reference already existed: nothing changed. */
  inserted: boolean;
  balance: bigint;
};

/**
 * The only way a balance changes: one ledger row and the cached balance,
 * written by ONE statement so neither can exist without the other. `reference` is unique:
 * replaying the same event (a chain deposit, a retried request) changes nothing and reports
 * `inserted: false`. A debit the balance cannot cover writes nothing and throws
 * PAYMENT_REQUIRED, leaving the caller's transaction usable (renewals then record a failure).
 *
 * Call it inside the transaction that also writes whatever else the change writes
 * (subscriptions, billing rows), so all of it commits or none of it does. Debits should come
 * with the member's profile row locked (`for update`), as purchases, renewals and adjustments
 * do; if a concurrent debit slipped in anyway, the CHECK (balance >= 0) fails the statement
 * rather than letting the balance go negative.
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
  const { tx, userId, kind, amount, reference, memo } = options;
  if (amount === 0n) throw new AppError("VALIDATION", "A ledger entry needs a non-zero amount.");
  // The scalar sub-selects of the final SELECT read the snapshot taken before this statement:
  // `before` is the old balance and `existed` tells a replay from a fresh entry.
  const result = await tx.execute<{
    found: boolean;
    before: string | null;
    existed: boolean;
    id: string | null;
    after: string | null;
  }>(sql`
    with cur as (
      select balance from profiles where id = ${userId}
    ), ins as (
      insert into ledger_entries (user_id, kind, amount, reference, memo)
      select ${userId}, ${kind}, ${amount}, ${reference}, ${memo ?? null} from cur
      where cur.balance + ${amount} >= 0
      on conflict (reference) do nothing
      returning id
    ), upd as (
      update profiles set balance = balance + ${amount}, updated_at = now()
      where id = ${userId} and exists (select 1 from ins)
      returning balance
    )
    select exists (select 1 from cur) as found,
           (select balance::text from cur) as before,
           exists (select 1 from ledger_entries where reference = ${reference}) as existed,
           (select id::text from ins) as id,
           (select balance::text from upd) as after`);
  const row = result.rows[0]!;
  if (!row.found) throw new AppError("NOT_FOUND", "Member not found.");
  if (row.id !== null) return { inserted: true, balance: BigInt(row.after!) };
  if (row.existed) return { inserted: false, balance: BigInt(row.before!) };
  throw new AppError("PAYMENT_REQUIRED", "Insufficient balance.");
}

/**
 * The same two writes as postLedgerEntry (the ledger row and the cached balance), as the CTEs
 * `ledger` and `balance` of a caller's bigger statement, for a caller that holds the member's
 * profile row lock, has checked the balance and uses a fresh reference: it saves the purchase a
 * round trip. The caller reads `(select balance from balance)` and compares it with what it expects;
 * the CHECK (balance >= 0) still refuses an overdraft.
 */
export function ledgerEntryCtes(options: {
  userId: string;
  kind: LedgerKind;
  amount: bigint;
  reference: string;
  memo?: string;
}): SQL {
  const { userId, kind, amount, reference, memo } = options;
  if (amount === 0n) throw new AppError("VALIDATION", "A ledger entry needs a non-zero amount.");
  return sql`ledger as (
      insert into ledger_entries (user_id, kind, amount, reference, memo)
      values (${userId}, ${kind}, ${amount}, ${reference}, ${memo ?? null})
      returning id
    ), balance as (
      update profiles set balance = balance + ${amount}, updated_at = now()
      where id = ${userId} and exists (select 1 from ledger)
      returning balance
    )`;
}

/** Sum of a member's ledger: what the cached balance must always equal. */
export async function ledgerSum({ db, userId }: { db: DbOrTx; userId: string }): Promise<bigint> {
  // An aggregate without GROUP BY always returns one row, and coalesce makes its total non-null.
  const rows = await db.execute<{ total: string }>(
    sql`select coalesce(sum(amount), 0)::text as total from ledger_entries where user_id = ${userId}`,
  );
  return BigInt(rows.rows[0]!.total);
}
