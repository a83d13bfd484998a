import { eq } from "drizzle-orm";
import { joinKeptCart, type Cart } from "~/lib/cart";
import type { Db } from "../db/client.ts";
import { memberCarts } from "../db/schema.ts";
import { saveMemberCart } from "./save-member-cart.ts";

/**
 * A cart chosen before signing in meets the account: its plans join the account's cart (those
 * already there keep their place, the new ones follow) at the period just chosen. An empty cart
 * changes nothing, so signing in from another browser never wipes the kept one.
 */
export async function mergeMemberCart(options: { db: Db; userId: string; cart: Cart }) {
  const { db, userId, cart } = options;
  if (cart.planIds.length === 0) return;
  await db.transaction(async (tx) => {
    // Locked, so two sign-ins at once both add their plans.
    const [kept] = await tx
      .select({ planIds: memberCarts.planIds, billingPeriod: memberCarts.billingPeriod })
      .from(memberCarts)
      .where(eq(memberCarts.userId, userId))
      .for("update");
    await saveMemberCart({ db: tx, userId, cart: joinKeptCart(kept ?? null, cart) });
  });
}
