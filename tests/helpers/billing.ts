import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { pricing } from "#server/db/schema";
import { creditDeposit } from "#server/wallet/credit-deposit";
import type { TransferEvent } from "#server/wallet/trongrid-client";
import { randomTronAddress, randomTxId, USDT_CONTRACT } from "./fake-trongrid";

/** A plan on sale (or not, with `published: false`), its slug made unique from its name. */
export async function createPlan(db: Db, name: string, price: bigint, published = true) {
  const [plan] = await db
    .insert(pricing)
    .values({ planId: `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}`, name, price, published })
    .returning();
  return plan!;
}

/** A plan on sale with a free trial of `days` days (VIP at 49 USDT a month unless told). */
export async function createTrialPlan(db: Db, options: { days?: number; name?: string; price?: bigint } = {}) {
  const plan = await createPlan(db, options.name ?? "VIP", options.price ?? 49_000_000n);
  await db
    .update(pricing)
    .set({ trialDays: options.days ?? 7 })
    .where(eq(pricing.id, plan.id));
  return plan;
}

/** A USDT transfer as the chain watcher reads one: a new transaction to `to`, in block 1. */
export function usdtTransfer(to: string, amount: bigint): TransferEvent {
  return {
    txId: randomTxId(),
    eventIndex: 0,
    blockNumber: 1,
    blockTimestamp: Date.now(),
    contract: USDT_CONTRACT,
    from: randomTronAddress(),
    to,
    amount,
  };
}

/** A USDT transfer to the member credited as the deposit watcher credits one; returns its transaction id. */
export async function creditTransfer(db: Db, userId: string, amount: bigint) {
  return (await depositFor(db, userId, amount)).txId;
}

/**
 * A USDT transfer credited as the watcher credits one, with what became of the member's open
 * order (the completion that follows every credit; at `now` when given).
 */
export async function depositFor(db: Db, userId: string, amount: bigint, now?: Date) {
  const event = usdtTransfer(randomTronAddress(), amount);
  const { completion } = await creditDeposit({ db, userId, event, now });
  return { txId: event.txId, completion };
}
