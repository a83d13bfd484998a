import { eq } from "drizzle-orm";
import type { Cart } from "~/lib/cart";
import type { DbOrTx } from "../db/client.ts";
import { memberCarts } from "../db/schema.ts";

/** The cart kept with the member's account, or null when they never had one. */
export async function getMemberCart(options: { db: DbOrTx; userId: string }): Promise<Cart | null> {
  const [row] = await options.db
    .select({ planIds: memberCarts.planIds, billingPeriod: memberCarts.billingPeriod })
    .from(memberCarts)
    .where(eq(memberCarts.userId, options.userId));
  return row ? { planIds: row.planIds, billingPeriod: row.billingPeriod } : null;
}
