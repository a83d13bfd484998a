import { MICRO_PER_USDT } from "./money";

/**
 * The one pricing module, used by every page and by the server when it
 * charges. Plan prices are the monthly base in micro-USDT.
 *   monthly   = price
 *   quarterly = floor(price × 3 × 0.85), floored to whole USDT (the formula works on
 *               the USDT number, not on micro-USDT)
 *   lifetime  = price × 12, one-time
 */
export const billingPeriods = ["monthly", "quarterly", "lifetime"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const QUARTERLY_DISCOUNT_PERCENT = 15n;

export function priceFor(monthlyPrice: bigint, period: BillingPeriod): bigint {
  switch (period) {
    case "monthly":
      return monthlyPrice;
    case "quarterly": {
      const exact = (monthlyPrice * 3n * (100n - QUARTERLY_DISCOUNT_PERCENT)) / 100n;
      return (exact / MICRO_PER_USDT) * MICRO_PER_USDT;
    }
    case "lifetime":
      return monthlyPrice * 12n;
  }
}

/** Cart total: the sum of the displayed prices. */
export function cartTotal(monthlyPrices: readonly bigint[], period: BillingPeriod): bigint {
  return monthlyPrices.reduce((sum, price) => sum + priceFor(price, period), 0n);
}

/** How each billing period is written after a price: /month, /3 months, lifetime. */
export const periodSuffix: Record<BillingPeriod, string> = {
  monthly: "/month",
  quarterly: "/3 months",
  lifetime: "lifetime",
};
export const periodLabel: Record<BillingPeriod, string> = {
  monthly: "per month",
  quarterly: "per quarter",
  lifetime: "lifetime",
};

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === "string" && (billingPeriods as readonly string[]).includes(value);
}
