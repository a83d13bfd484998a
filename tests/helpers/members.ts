import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import type { Db } from "#server/db/client";
import { profiles, user } from "#server/db/schema";
import { randomTronAddress } from "./fake-trongrid";

/** A member (auth user + profile) for tests, optionally with an opening balance (as an adjustment). */
export async function createMember(
  db: Db,
  options: {
    email?: string;
    firstName?: string;
    balance?: bigint;
    telegramUsername?: string;
    walletAddress?: string;
  } = {},
) {
  const id = crypto.randomUUID();
  const email = options.email ?? `member-${id.slice(0, 8)}@example.com`;
  await db.insert(user).values({ id, name: options.firstName ?? "Test", email });
  await db.insert(profiles).values({
    id,
    firstName: options.firstName ?? "Test",
    lastName: "Member",
    telegramUsername: options.telegramUsername ?? null,
    walletAddress: options.walletAddress ?? null,
  });
  if (options.balance && options.balance > 0n) {
    await postLedgerEntry({
      tx: db,
      userId: id,
      kind: "adjustment",
      amount: options.balance,
      reference: `test:opening:${id}`,
      memo: "test opening balance",
    });
  }
  return { id, email };
}

/**
 * A member whose email is verified (what a free trial asks for), with a verified Telegram account
 * when `telegram` is given.
 */
export async function createVerifiedMember(
  db: Db,
  options: { email?: string; balance?: bigint; telegram?: bigint } = {},
) {
  const member = await createMember(db, { email: options.email, balance: options.balance });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, member.id));
  if (options.telegram !== undefined)
    await db
      .update(profiles)
      .set({ telegramUserId: options.telegram, telegramVerified: true })
      .where(eq(profiles.id, member.id));
  return member;
}

/** A member with a deposit address of their own, as the deposit watcher finds them. */
export async function createMemberWithWallet(db: Db) {
  const walletAddress = randomTronAddress();
  const { id } = await createMember(db, { walletAddress });
  return { id, walletAddress };
}

/** The ledger invariant: every cached balance equals the sum of that member's ledger, and none is negative. */
export async function expectLedgerInvariant(db: Db) {
  const broken = await db.execute<{ id: string; balance: string; total: string }>(sql`
    select p.id, p.balance::text as balance, coalesce(l.total, 0)::text as total
    from profiles p
    left join (select user_id, sum(amount) as total from ledger_entries group by user_id) l on l.user_id = p.id
    where p.balance <> coalesce(l.total, 0) or p.balance < 0`);
  expect(broken.rows, "balance = sum(ledger) for every member").toEqual([]);
}
