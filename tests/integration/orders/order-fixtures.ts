import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import type { Db } from "#server/db/client";
import { orders } from "#server/db/schema";
import { createOrder } from "#server/orders/create-order";
import { createVerifiedMember } from "../../helpers/members";

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

/** An order's row as it is now. */
export async function orderRow(db: Db, orderId: string) {
  return (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
}

/**
 * The same order made for the member and for a bystander; `expectBystanderUntouched` checks the
 * bystander's row is still as it was made (a step on one member's order leaves everyone else's).
 */
export async function orderWithBystander(
  db: Db,
  userId: string,
  order: Omit<Parameters<typeof createOrder>[0], "db" | "userId">,
) {
  const { orderId } = await createOrder({ db, userId, ...order });
  const bystander = await createVerifiedMember(db);
  const theirs = await createOrder({ db, userId: bystander.id, ...order });
  const theirsBefore = await orderRow(db, theirs.orderId);
  return {
    orderId,
    bystanderId: bystander.id,
    theirsId: theirs.orderId,
    expectBystanderUntouched: async () => expect(await orderRow(db, theirs.orderId)).toEqual(theirsBefore),
  };
}
