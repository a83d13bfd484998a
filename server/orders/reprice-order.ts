import { eq } from "drizzle-orm";
import { priceCart, type PricedCart, type PricedLine } from "~/lib/priced-lines";
import { priceWithCoupon } from "../coupons/price-with-coupon.ts";
import type { Tx } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { isAppError } from "../lib/errors.ts";
import { getOrderSettings, priceHoldEnd } from "./get-order-settings.ts";
import { orderPriceColumns } from "./order-prices.ts";
import { creditReplaced, listOf, pricePlans } from "./price-plans.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * An order whose held prices lapsed is priced again before anything is charged (the caller holds
 * the order's row lock). The same total is simply held again (with its lines as priced now); a
 * different one replaces the lines and the total and is marked `repricedAt`, so it is shown to
 * the member and never charged until they accept it. A plan no longer published leaves the order as it is: the purchase refuses it with
 * its own text. Returns the order as it now is.
 */
export async function repriceLapsedOrder(options: { tx: Tx; order: OrderRow; now: Date }): Promise<OrderRow> {
  const { tx, order, now } = options;
  // An order made before lines were kept holds only a total: it is priced again to get its lines.
  if (order.pricesHeldUntil > now && order.lines) return order;
  const priced = await pricePlans({ db: tx, planIds: order.planIds, billingPeriod: order.billingPeriod });
  if (!priced) return order;
  const coded = (await withCode(tx, order, priced.lines, now)) ?? priceCart(priced.lines);
  const cart = await creditReplaced({ tx, userId: order.userId, cart: coded, billingPeriod: order.billingPeriod, now });
  const changed = cart.charged !== order.totalAmount;
  const [updated] = await tx
    .update(orders)
    .set({
      ...orderPriceColumns(cart),
      // Held again for the hold in force now: an owner's change applies from the next hold.
      pricesHeldUntil: priceHoldEnd(await getOrderSettings({ db: tx }), now),
      ...(changed ? { repricedAt: now } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  return updated!;
}

/**
 * The lines priced again with the order's code, if the code still takes something off them; null
 * when the order has none or the code no longer applies (paused, past its date, used up), so the
 * order is priced without it and a different total waits for the member.
 */
async function withCode(tx: Tx, order: OrderRow, lines: PricedLine[], now: Date): Promise<PricedCart | null> {
  if (!order.couponCode) return null;
  try {
    const { cart } = await priceWithCoupon({
      tx,
      code: order.couponCode,
      userId: order.userId,
      plans: listOf(lines),
      billingPeriod: order.billingPeriod,
      now,
    });
    return cart.discount > 0n ? cart : null;
  } catch (error) {
    // Refusals are thrown before anything is written: the transaction goes on without the code.
    if (isAppError(error)) return null;
    throw error;
  }
}
