import type { Cart } from "~/lib/cart";
import type { DbOrTx } from "../db/client.ts";
import { memberCarts } from "../db/schema.ts";

/** The member's cart as it now is (an empty cart too: emptied after a purchase stays empty). */
export async function saveMemberCart(options: { db: DbOrTx; userId: string; cart: Cart }) {
  const { db, userId, cart } = options;
  const planIds = [...new Set(cart.planIds)];
  await db
    .insert(memberCarts)
    .values({ userId, planIds, billingPeriod: cart.billingPeriod })
    .onConflictDoUpdate({
      target: memberCarts.userId,
      set: { planIds, billingPeriod: cart.billingPeriod, updatedAt: new Date() },
    });
}
