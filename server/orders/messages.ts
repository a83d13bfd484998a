/** The member-facing texts of orders. */
export const orderMessages = {
  notFound: "This order no longer exists.",
  notPending: "This order is no longer open.",
  emptyCart: "Add a plan to your cart first.",
  /** The purchase form's own text for a period it does not know. */
  unknownPeriod: "Billing period must be monthly, quarterly or lifetime.",
  expired: "This order has expired. Your balance is kept; choose your plans again to order.",
  priceMoved: "This order changed since you saw it. Please review it again.",
} as const;
