import { postJson } from "~/components/forms/post-json";
import type { Cart } from "~/lib/cart";

// One queue for the page: posts go one after the other, so the last change is the one kept.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Writes a signed-in member's cart to their account (`/api/dashboard/cart`). Nobody waits for
 * the answer: a lost write leaves the tab's cart as it is and the next change writes the whole
 * cart again. `{ couponCode }` is the code applied to the cart (kept with it), or null: the member
 * removed the kept code; without it the code is left as it is.
 */
export function keepMemberCart(cart: Cart, change?: { couponCode: string | null }): void {
  const body = { planIds: cart.planIds, billingPeriod: cart.billingPeriod, ...change };
  queue = queue.then(() => postJson("/api/dashboard/cart", body));
}
