import * as React from "react";
import { postJson } from "~/components/forms/post-json";
import type { Cart } from "~/lib/cart";

/**
 * Writes a signed-in member's cart to their account (`/api/dashboard/cart`) as they change it,
 * one post after the other, so the last change is the one kept. Nobody waits for the answer: a
 * lost write leaves the tab's cart as it is and the next change writes the whole cart again.
 */
export function useKeepCart() {
  const queue = React.useRef<Promise<unknown>>(Promise.resolve());
  return React.useCallback((cart: Cart) => {
    const body = { planIds: cart.planIds, billingPeriod: cart.billingPeriod };
    queue.current = queue.current.then(() => postJson("/api/dashboard/cart", body));
  }, []);
}
