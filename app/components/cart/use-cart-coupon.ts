import * as React from "react";
import type { CouponTermsWire } from "~/lib/billing/coupons";
import type { BillingPeriod } from "~/lib/pricing";
import type { PublicPlan } from "~/lib/view-types/content";
import type { CouponTools } from "./coupon-check";

// The check and the pricing with a code load on the first Apply, never with the page.
let tools: Promise<CouponTools> | undefined;
const loadTools = () => (tools ??= import("./coupon-check"));

/**
 * A cart's coupon code (/pricing's cart, sign-up, the dashboard's confirm dialog): the field's
 * text, the code applied (its terms, checked by the server against this cart), and the cart
 * priced with it (the discount and the new total) as the cart changes. A refused code says why
 * (`error`, shown under the field); a cart changed since so that the code takes nothing off says
 * why too, and keeps the code, so putting the plan back brings the discount back.
 *
 * `apply` reads the field's text from the input itself when given one: a tap on Apply made before
 * the page's scripts ran is played once they have (decision 102), right after the typed text is
 * handed to React, and the text must not be lost between the two.
 */
export function useCartCoupon(items: readonly PublicPlan[], period: BillingPeriod, initialCode: string | null = null) {
  const [text, setText] = React.useState(initialCode ?? "");
  const [applied, setApplied] = React.useState<{ terms: CouponTermsWire; tools: CouponTools } | null>(null);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  const asked = React.useRef(0);
  const cart = React.useRef({ items, period });
  React.useEffect(() => {
    cart.current = { items, period };
  });

  const apply = React.useCallback(async (typed?: string) => {
    const code = (typed ?? input.current?.value ?? "").trim();
    if (typed !== undefined) setText(typed);
    const ask = ++asked.current;
    setBusy(true);
    try {
      const loaded = await loadTools();
      const { items: now, period: at } = cart.current;
      const answer = await loaded.checkCoupon({ code, planIds: now.map((plan) => plan.id), period: at });
      if (ask !== asked.current) return;
      if (answer.ok) {
        setApplied({ terms: answer.terms, tools: loaded });
        setText(answer.terms.code);
        setRefusal(null);
      } else {
        setApplied(null);
        setRefusal(answer.fieldErrors?.couponCode ?? answer.error);
      }
    } catch {
      // The module could not load (offline, a deploy in between): the next Apply tries again.
      tools = undefined;
      if (ask === asked.current) setRefusal("The code could not be checked. Please try again.");
    } finally {
      if (ask === asked.current) setBusy(false);
    }
  }, []);

  const remove = React.useCallback(() => {
    asked.current++;
    setApplied(null);
    setText("");
    setRefusal(null);
    setBusy(false);
  }, []);

  /** The server refused the code when it charged (its last use taken meanwhile): off, with why. */
  const refuse = React.useCallback((message: string) => {
    asked.current++;
    setApplied(null);
    setRefusal(message);
    setBusy(false);
  }, []);

  const priced = applied ? applied.tools.priceWithTerms(applied.terms, items, period) : null;
  return {
    /** The field's props. */
    field: {
      ref: input,
      value: text,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        setText(event.target.value);
        setRefusal(null);
      },
    },
    apply,
    remove,
    refuse,
    busy,
    /** The code applied, in capitals, or null. */
    code: applied?.terms.code ?? null,
    /** Why the code takes nothing off this cart, or null. */
    error: refusal ?? priced?.refusal ?? null,
    /** Micro-USDT taken off this cart by the code (0 without one). */
    discount: priced?.discount ?? 0n,
    /** The cart's total after the code, or null without one. */
    total: priced ? priced.charged : null,
    /** What the renewals cost with the code, or null without one. */
    renewal: priced ? priced.renewal : null,
    /** The words after the total ("/month", "today, then $38.00 /month"), or null without a code. */
    suffix: priced ? priced.suffix : null,
    /** The cart's lines priced with the code (each one's discount), or null without one. */
    lines: priced ? priced.lines : null,
  };
}

export type CartCoupon = ReturnType<typeof useCartCoupon>;
