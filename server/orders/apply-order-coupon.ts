import { and, eq } from "drizzle-orm";
import { priceCart } from "~/lib/priced-lines";
import { checkCouponCode } from "../coupons/check-coupon-code.ts";
import { priceWithCoupon } from "../coupons/price-with-coupon.ts";
import type { Db } from "../db/client.ts";
import { withRetry } from "../db/db-errors.ts";
import { orders, profiles } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { completeCoveredOrder, type CompleteOrderResult } from "./complete-covered-order.ts";
import { getOrderSettings, priceHoldEnd } from "./get-order-settings.ts";
import { orderMessages } from "./messages.ts";
import { orderPriceColumns } from "./order-prices.ts";
import { creditReplaced, listOf, pricePlans } from "./price-plans.ts";

/**
 * A coupon code typed on the order page (or taken off with none): the member's pending order is
 * priced again at today's list prices with the code, and that price is held anew; the order then
 * keeps the code until it is paid or closed. A refused code changes nothing and says why (and
 * counts against guessing, checked before the transaction). A code that makes the order free,
 * or the balance cover it, completes it at once.
 */
export async function applyOrderCoupon(options: {
  db: Db;
  userId: string;
  orderId: string;
  couponCode: string | null;
  clientIp?: string | null;
  now?: Date;
}): Promise<{ completion: CompleteOrderResult }> {
  const { db, userId, orderId, couponCode } = options;
  const now = options.now ?? new Date();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, "pending")));
  if (!order) throw new AppError("NOT_FOUND", orderMessages.notFound);
  if (couponCode) {
    await checkCouponCode({
      db,
      code: couponCode,
      planIds: order.planIds,
      billingPeriod: order.billingPeriod,
      userId,
      clientIp: options.clientIp,
      now,
    });
  }
  await withRetry(() =>
    db.transaction(async (tx) => {
      // The completion's lock order: the profile, then the order.
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for("update");
      const [locked] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, "pending")))
        .for("update");
      if (!locked) throw new AppError("NOT_FOUND", orderMessages.notFound);
      const priced = await pricePlans({ db: tx, planIds: locked.planIds, billingPeriod: locked.billingPeriod });
      // A plan withdrawn meanwhile: the order keeps its price and the completion refuses it with its own text.
      if (!priced) return;
      const coded = couponCode
        ? (
            await priceWithCoupon({
              tx,
              code: couponCode,
              userId,
              plans: listOf(priced.lines),
              billingPeriod: locked.billingPeriod,
              now,
            })
          ).cart
        : priceCart(priced.lines);
      const cart = await creditReplaced({ tx, userId, cart: coded, billingPeriod: locked.billingPeriod, now });
      await tx
        .update(orders)
        .set({
          ...orderPriceColumns(cart),
          pricesHeldUntil: priceHoldEnd(await getOrderSettings({ db: tx }), now),
          repricedAt: null,
          problem: null,
        })
        .where(eq(orders.id, orderId));
    }),
  );
  return { completion: await completeCoveredOrder({ db, userId, now }) };
}
