/**
 * Card payments (Stripe Checkout, in US dollars) credit the USDT balance at par: 1 USD paid
 * is 1 USDT credited. Amounts at Stripe are whole cents; 1 cent is 10 000 micro-USDT.
 */
export const MICRO_PER_CENT = 10_000n;

/** The top-up a member may choose, in whole US dollars. */
export const CARD_TOP_UP_MIN_USD = 10;
export const CARD_TOP_UP_MAX_USD = 10_000;

/** Stripe's smallest card charge in US dollars is 50 cents: an order with less due is charged that. */
export const STRIPE_MIN_CHARGE_CENTS = 50;

/** The line shown before every card payment. */
export const CARD_RATE_NOTE = "You pay in US dollars by card; each 1 USD paid credits 1 USDT to your balance.";

export function centsToMicro(cents: number): bigint {
  return BigInt(cents) * MICRO_PER_CENT;
}

/** The cents that cover `micro` (rounded up, so the credit never falls short of it). */
export function microToCentsUp(micro: bigint): number {
  if (micro <= 0n) return 0;
  return Number((micro + MICRO_PER_CENT - 1n) / MICRO_PER_CENT);
}

/** "$12.50" */
export function formatUsd(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}
