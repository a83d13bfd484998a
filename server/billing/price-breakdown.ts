import { formatUsdt } from "~/lib/money";

/**
 * What a purchase's or renewal's notice says about the price when something was taken off it:
 * the list price, the discount with its code and the credit, as one sentence (`breakdown`).
 * Nothing when the list price was charged in full, so those notices read as before.
 */
export function priceBreakdownPayload(cart: {
  list: bigint;
  discount: bigint;
  couponCode: string | null;
  credit: bigint;
}): { breakdown?: string } {
  if (cart.discount === 0n && cart.credit === 0n) return {};
  const parts = [`List price ${formatUsdt(cart.list, { suffix: true })}`];
  if (cart.discount > 0n)
    parts.push(`less ${formatUsdt(cart.discount, { suffix: true })} with code ${cart.couponCode ?? "(none)"}`);
  if (cart.credit > 0n) parts.push(`less ${formatUsdt(cart.credit, { suffix: true })} credit for unused time`);
  return { breakdown: `${parts.join(", ")}.` };
}
