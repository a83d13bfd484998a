import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { simulatedDepositsAllowed } from "../config.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import type { PaidOrder } from "../orders/complete-covered-order.ts";
import { creditDeposit } from "./credit-deposit.ts";

export const SIMULATION_UNAVAILABLE = "Deposits can only be simulated outside production.";

export const ADDRESS_NOT_READY = "Your deposit address is being prepared. Please try again in a moment.";

/**
 * "Simulate a deposit", for trying the site without a TRON wallet: a made-up transfer of
 * `amount` micro-USDT to the member's own address, credited by the watcher's own code
 * (`creditDeposit`, marked simulated) and followed, like a real deposit, by completing the
 * member's order when the balance now covers it. Refused in production, whatever route calls it.
 */
export async function simulateDeposit(options: { db: Db; userId: string; amount: bigint }) {
  const { db, userId, amount } = options;
  if (!simulatedDepositsAllowed()) throw new AppError("NOT_FOUND", SIMULATION_UNAVAILABLE);
  const [profile] = await db.select({ address: profiles.walletAddress }).from(profiles).where(eq(profiles.id, userId));
  if (!profile?.address) throw new AppError("CONFLICT", ADDRESS_NOT_READY);
  const now = Date.now();
  const event = {
    // A fresh id per click: each simulation is a new transfer, as two real ones would be.
    txId: crypto.randomBytes(32).toString("hex"),
    eventIndex: 0,
    blockNumber: 0,
    blockTimestamp: now,
    contract: "simulated",
    from: "simulated",
    to: profile.address,
    amount,
  };
  // The credit stands whatever becomes of the order; it stays open for the next credit, as after a real deposit.
  const { completion } = await creditDeposit({ db, event, userId, simulated: true });
  getLogger().info({ userId, amount: String(amount) }, "simulated deposit credited");
  const paidOrder: PaidOrder | null = completion?.status === "paid" ? completion.paid : null;
  const [after] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
  // What arrived, what it paid for and what is left: the member's toast says all three.
  return { amount: String(amount), balance: String(after?.balance ?? 0n), paidOrder };
}
