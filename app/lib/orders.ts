/** How long an order's prices are held: past it the order is priced again before any charge. */
export const ORDER_PRICE_HOLD_HOURS = 24;
/** How long an unpaid order stays open; then it expires (money already paid stays as balance). */
export const ORDER_LIFETIME_DAYS = 7;

/** The reference a member sees for an order: its id's first 8 hex digits. */
export function orderReference(orderId: string): string {
  return `ORD-${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}
