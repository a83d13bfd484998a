import { expect } from "@playwright/test";
import pg from "pg";
import type { SignedInMember } from "./production-instance";
import type { Attempt } from "./purchase-load";

/**
 * The money after purchases through a database outage or failover, read from `url` (the primary):
 * every purchase answered ok is committed; each checkout (idempotency key) is charged once, with
 * one ledger row and one billing row that names it; every balance equals its ledger, and what
 * each member has left is the starting credit less the charges.
 */
export async function expectPurchaseBooksAgree(options: {
  url: string;
  members: SignedInMember[];
  attempts: Attempt[];
  balance: bigint;
  price: bigint;
}) {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    const ids = options.members.map((m) => m.userId);
    const committed = (
      await client.query<{ user_id: string; idempotency_key: string }>(
        "select user_id, idempotency_key from purchase_requests where user_id = any($1)",
        [ids],
      )
    ).rows;
    const committedKeys = new Set(committed.map((row) => `${row.user_id}/${row.idempotency_key}`));
    expect(options.attempts.filter((a) => a.ok && !committedKeys.has(`${a.userId}/${a.key}`))).toEqual([]);
    expect(committedKeys.size).toBe(committed.length);
    const books = (
      await client.query<{
        id: string;
        balance: string;
        ledger: string;
        purchases: number;
        billed: number;
        requests: number;
      }>(
        `select p.id, p.balance::text,
                (select coalesce(sum(amount), 0) from ledger_entries l where l.user_id = p.id)::text as ledger,
                (select count(*) from ledger_entries l where l.user_id = p.id and l.kind = 'purchase')::int as purchases,
                (select count(*) from billing_history b join ledger_entries l on l.reference = b.ledger_reference
                  where b.user_id = p.id and l.kind = 'purchase' and b.total_amount = -l.amount)::int as billed,
                (select count(*) from purchase_requests r where r.user_id = p.id)::int as requests
           from profiles p where p.id = any($1)`,
        [ids],
      )
    ).rows;
    expect(books).toHaveLength(options.members.length);
    for (const row of books) {
      expect(row.balance, `balance = ledger for ${row.id}`).toBe(row.ledger);
      expect(row.purchases, `one charge per checkout for ${row.id}`).toBe(row.requests);
      expect(row.billed, `one billing row per charge for ${row.id}`).toBe(row.purchases);
      expect(BigInt(row.balance)).toBe(options.balance - BigInt(row.purchases) * options.price);
    }
    return { committed: committed.length };
  } finally {
    await client.end();
  }
}
