import { eq } from "drizzle-orm";
import { ORDER_PRICE_HOLD_HOURS } from "~/lib/orders";
import { priceCart } from "~/lib/priced-lines";
import type { Tx } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { orderPriceColumns } from "./order-prices.ts";
import { pricePlans } from "./price-plans.ts";

type OrderRow = typeof orders.$inferSelect;

export const PRICE_HOLD_MS = ORDER_PRICE_HOLD_HOURS * 60 * 60 * 1000;

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
  const cart = priceCart(priced.lines);
  const changed = cart.charged !== order.totalAmount;
  const [updated] = await tx
    .update(orders)
    .set({
      ...orderPriceColumns(cart),
      pricesHeldUntil: new Date(now.getTime() + PRICE_HOLD_MS),
      ...(changed ? { repricedAt: now } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  return updated!;
}
