import crypto from "node:crypto";
import { postLedgerEntry } from "#server/billing/ledger";
import type { Db } from "#server/db/client";
import { orders } from "#server/db/schema";

export const usdt = (n: number) => BigInt(n) * 1_000_000n;
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

type OrderRow = typeof orders.$inferInsert;

/**
 * An order row written as it is (10 USDT, monthly, held a day and open a week from `createdAt`
 * unless told otherwise), for states no step makes on demand: a credit, a plan no longer listed,
 * many orders at chosen moments.
 */
export async function insertOrder(db: Db, userId: string, row: Partial<OrderRow> & { planIds: number[] }) {
  const at = row.createdAt ?? new Date();
  const [created] = await db
    .insert(orders)
    .values({
      userId,
      billingPeriod: "monthly",
      totalAmount: usdt(10),
      listAmount: usdt(10),
      pricesHeldUntil: new Date(at.getTime() + DAY),
      expiresAt: new Date(at.getTime() + 7 * DAY),
      createdAt: at,
      ...row,
    })
    .returning();
  return created!;
}

/** Money on the member's balance with no completion after it, so the next step is the first to try the order. */
export async function topUp(db: Db, userId: string, amount: bigint) {
  await postLedgerEntry({
    tx: db,
    userId,
    kind: "adjustment",
    amount,
    reference: `test:top-up:${crypto.randomUUID()}`,
    memo: "test top-up",
  });
}
