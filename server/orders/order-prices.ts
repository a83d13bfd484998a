import { fromStoredLines, priceCart, toStoredLines, type PricedCart } from "~/lib/priced-lines";
import type { orders } from "../db/schema.ts";

type OrderRow = typeof orders.$inferSelect;

/** An order's price columns for a priced cart: the total charged and how it was reached. */
export function orderPriceColumns(cart: PricedCart) {
  return {
    totalAmount: cart.charged,
    listAmount: cart.list,
    discountAmount: cart.discount,
    couponCode: cart.couponCode,
    creditAmount: cart.credit,
    lines: toStoredLines(cart.lines),
  };
}

/**
 * The lines an order holds, to be charged as they are; null for an order made before lines were
 * kept (a migration ended its hold, so it is priced again before any charge).
 */
export function heldCart(order: OrderRow): PricedCart | null {
  if (!order.lines) return null;
  const cart = priceCart(fromStoredLines(order.lines), order.couponCode);
  // The row's CHECK keeps its columns consistent; lines that disagree with them are not charged.
  return cart.charged === order.totalAmount ? cart : null;
}
