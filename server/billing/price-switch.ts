import { switchCart, switchMessages, type HeldPlan, type PlanReach, type PlanSwitch } from "~/lib/billing/plan-switch";
import { priceCart, type PricedCart } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";
import { purchaseMessages } from "./messages.ts";

export type SwitchedCart = { cart: PricedCart; replaced: PlanSwitch["replaced"] };

/**
 * A cart priced with a code (or at list prices) priced against the member's active plans: the
 * credit for each plan it replaces on its line, after the discount (list − discount − credit). The
 * code is the price the business offers for the plan; the credit is the member's own money carried
 * over, so it comes off what the code left, and any of it beyond that is not paid out.
 *
 * Returns the refusal's text instead when the cart holds a plan active already ("Already
 * subscribed to: …"), or one an active plan or another plan of the cart includes ("Already
 * included in …").
 *
 * `held`: the cart was priced earlier with its credits and is still held (an order's 24 hours).
 * It is charged as held as long as each line still replaces what it credited: a line credited for
 * a plan that has ended since (or not credited, with a paid plan to replace now) is "prices changed".
 */
export function priceSwitch(options: {
  cart: PricedCart;
  period: BillingPeriod;
  held: readonly HeldPlan[];
  reach: readonly PlanReach[];
  heldCart?: PricedCart | null;
  /** Plans of the cart another plan of it includes, with that plan (held-plans.ts nestedInCart): refused. */
  nested?: ReadonlyMap<number, number>;
}): SwitchedCart | { refusal: string; pricesChanged?: boolean } {
  const { cart, period } = options;
  const priced = switchCart({ lines: cart.lines, period, held: options.held, reach: options.reach });
  if (priced.already.length > 0) return { refusal: purchaseMessages.alreadySubscribed(priced.already) };
  if (priced.included.length > 0) return { refusal: switchMessages.alreadyIncluded(priced.included[0]!.includedIn) };
  // Two plans of one cart sharing channels: the smaller one would be paid for twice.
  const inner = cart.lines.find((line) => options.nested?.has(line.planId));
  if (inner) {
    const outer = cart.lines.find((line) => line.planId === options.nested!.get(inner.planId));
    if (outer) return { refusal: switchMessages.alreadyIncluded(outer.name) };
  }
  if (options.heldCart) {
    const credited = new Set(priced.lines.filter((line) => line.credit > 0n).map((line) => line.planId));
    const agrees = options.heldCart.lines.every((line) => line.credit > 0n === credited.has(line.planId));
    if (!agrees) return { refusal: purchaseMessages.pricesChanged, pricesChanged: true };
    return { cart: options.heldCart, replaced: priced.replaced };
  }
  return { cart: priceCart(priced.lines, cart.couponCode), replaced: priced.replaced };
}
