import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { priceCart, priceLine } from "~/lib/priced-lines";
import type { Db } from "#server/db/client";
import {
  billingHistory,
  ledgerEntries,
  notifications,
  pricing,
  purchaseRequests,
  subscriptions,
} from "#server/db/schema";
import { creditDeposit } from "#server/wallet/credit-deposit";
import type { TransferEvent } from "#server/wallet/trongrid-client";
import { randomTronAddress, randomTxId, USDT_CONTRACT } from "./fake-trongrid";
import { createMember } from "./members";

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

/**
 * A member with 100 USDT and recordPurchase's order for two new plans, Alpha (30) and Beta (20),
 * monthly; `rowsOf` reads back what a purchase wrote for the member, `written` counts it
 * (subscriptions, bills, notices, requests, purchase debits).
 */
export async function twoPlanPurchase(db: Db) {
  const usdt = (n: number) => BigInt(n) * 1_000_000n;
  const member = await createMember(db, { balance: usdt(100) });
  const plans = [await createPlan(db, "Alpha", usdt(30)), await createPlan(db, "Beta", usdt(20))];
  const order = {
    userId: member.id,
    period: "monthly" as const,
    cart: priceCart(plans.map((plan) => priceLine({ planId: plan.id, name: plan.name, listPrice: plan.price }))),
    now: new Date(),
    balance: usdt(100),
    idempotencyKey: crypto.randomUUID(),
    answer: (newBalance: bigint) => ({ ok: true, newBalance: newBalance.toString() }),
  };
  const rowsOf = async () => ({
    subs: await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id)),
    bills: await db.select().from(billingHistory).where(eq(billingHistory.userId, member.id)),
    notes: await db.select().from(notifications).where(eq(notifications.userId, member.id)),
    requests: await db.select().from(purchaseRequests).where(eq(purchaseRequests.userId, member.id)),
    debits: (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.id))).filter(
      (entry) => entry.kind === "purchase",
    ),
  });
  const written = async () => Object.values(await rowsOf()).map((rows) => rows.length);
  return { member, plans, order, rowsOf, written };
}
