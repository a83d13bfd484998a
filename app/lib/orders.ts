/**
 * How long an order's prices are held (past it the order is priced again before any charge) and
 * how long an unpaid order stays open (then it expires; money already paid stays as balance): the
 * values a new database starts with. The ones in force are the owner's, kept in the database and
 * changed in the back office (Money → Orders).
 */
export const ORDER_PRICE_HOLD_HOURS = 24;
export const ORDER_LIFETIME_DAYS = 7;

/**
 * What an owner may set. An hour is the shortest hold a member can pay in (a transfer and its
 * confirmations); a week the longest that a price change may wait for. An order open longer than
 * a month is one nobody is coming back to. A hold longer than the order's life would mean nothing.
 */
export const ORDER_SETTING_LIMITS = {
  priceHoldHours: { min: 1, max: 168 },
  lifetimeDays: { min: 1, max: 30 },
} as const;

/** The order settings in force, as the order code and the back office read them. */
export type OrderSettings = { priceHoldHours: number; lifetimeDays: number };

/** The reference a member sees for an order: its id's first 8 hex digits. */
export function orderReference(orderId: string): string {
  return `ORD-${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** The dashboard's page for the member's order: every reminder of an open order leads there. */
export const ORDER_PATH = "/dashboard?section=order";

const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * How long an order stays open, in words: whole days, else whole hours, else minutes. Rounded
 * down, so a member is never told they have longer than they do.
 */
export function timeLeftText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const hours = Math.floor(minutes / 60);
  if (hours < 1) return unit(minutes, "minute");
  const days = Math.floor(hours / 24);
  return days < 1 ? unit(hours, "hour") : unit(days, "day");
}
