import { and, eq, sql } from "drizzle-orm";
import type { Cart } from "~/lib/cart";
import type { DbOrTx } from "../db/client.ts";
import { memberCarts, orders } from "../db/schema.ts";

/**
 * The member's cart as it now is (an empty cart too: emptied after a purchase stays empty). The
 * code it was ordered with stays as the plans change, and goes with an emptied cart: the order
 * made from it (or the purchase) has used it. `couponCode: null` is the member removing the code,
 * a code is one checked for this cart by the caller (it replaces the kept one); a cart saved
 * without it leaves the code alone.
 */
export async function saveMemberCart(options: {
  db: DbOrTx;
  userId: string;
  cart: Cart & { couponCode?: string | null };
}) {
  const { db, userId, cart } = options;
  const planIds = [...new Set(cart.planIds)];
  const code =
    planIds.length === 0 ? { couponCode: null } : cart.couponCode !== undefined ? { couponCode: cart.couponCode } : {};
  await db
    .insert(memberCarts)
    .values({ userId, planIds, billingPeriod: cart.billingPeriod, ...code })
    .onConflictDoUpdate({
      target: memberCarts.userId,
      set: { planIds, billingPeriod: cart.billingPeriod, ...code, updatedAt: new Date() },
    });
}

/**
 * The code sign-up's order was priced with, kept with the cart it was made from, so the
 * dashboard's cart shows it applied and an order made again from that cart keeps the discount.
 * Read from the order, not the form: the order has the code as checked (in capitals), or none
 * when the code was refused as the order was priced.
 */
export async function keepOrderCoupon(options: { db: DbOrTx; userId: string; orderId: string }) {
  const { db, userId, orderId } = options;
  const ordered = db
    .select({ code: orders.couponCode })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  await db
    .update(memberCarts)
    .set({ couponCode: sql`(${ordered})` })
    .where(eq(memberCarts.userId, userId));
}
