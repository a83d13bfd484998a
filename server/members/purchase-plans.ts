import { parseUsdt } from "~/lib/money";
import type { PurchaseRequest } from "~/lib/validation/profile";
import { purchaseSubscriptions, type PurchaseResponse } from "../billing/purchase-subscriptions.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";

export const PURCHASE_SIGN_IN = "Please sign in to complete purchase";

/**
 * The dashboard's checkout: limited per member (DESIGN.md §6), then the money engine's one
 * transaction decides everything (prices, balance, plans already active). The browser's total
 * is only what it displayed; a mismatch is refused as "prices changed".
 */
export async function purchasePlans(options: { db: Db; userId: string; input: PurchaseRequest }): Promise<PurchaseResponse> {
  const { db, userId, input } = options;
  const totalAmount = parseUsdt(input.totalAmount);
  if (totalAmount === null) throw new AppError("VALIDATION", "Total amount must be a USDT amount.");
  await enforceRateLimit({ db, key: `purchase:${userId}`, limit: 20, windowSeconds: 15 * 60 });
  return purchaseSubscriptions({
    db,
    userId,
    planIds: input.planIds,
    billingPeriod: input.billingPeriod,
    totalAmount,
    idempotencyKey: input.idempotencyKey,
  });
}
