import type { BillingPeriod } from "~/lib/pricing";
import type { Db } from "../db/client.ts";
import { isAppError } from "../lib/errors.ts";
import { createOrder } from "./create-order.ts";

/**
 * A new account's cart becomes its order (sign-up), priced with the coupon code carried from
 * /pricing or typed on the form. The code was checked before the account was made; if it is
 * refused by the time the order is priced (its last use taken meanwhile), the account is not
 * left without its order: the order is made at list price, and the member may try a code on the
 * order page, where the field and its message are. Other refusals are the caller's to handle.
 */
export async function createCouponOrder(options: {
  db: Db;
  userId: string;
  planIds: readonly number[];
  billingPeriod: BillingPeriod;
  couponCode: string | null;
  clientIp?: string | null;
  now?: Date;
}): ReturnType<typeof createOrder> {
  const { couponCode, ...order } = options;
  if (!couponCode) return createOrder(order);
  try {
    return await createOrder({ ...order, couponCode });
  } catch (error) {
    const refusedCode = isAppError(error) && typeof error.details.fieldErrors === "object";
    if (!refusedCode || !(error.details.fieldErrors as Record<string, unknown>).couponCode) throw error;
    return createOrder(order);
  }
}
