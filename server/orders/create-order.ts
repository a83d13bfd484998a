import { and, eq } from "drizzle-orm";
import { priceCart } from "~/lib/priced-lines";
import { isBillingPeriod, type BillingPeriod } from "~/lib/pricing";
import { getHeldPlans } from "../billing/held-plans.ts";
import { purchaseMessages } from "../billing/messages.ts";
import { priceSwitch } from "../billing/price-switch.ts";
import { checkCouponCode } from "../coupons/check-coupon-code.ts";
import { priceWithCoupon } from "../coupons/price-with-coupon.ts";
import type { Db } from "../db/client.ts";
import { withRetry } from "../db/db-errors.ts";
import { orders, profiles } from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { completeCoveredOrder, type CompleteOrderResult } from "./complete-covered-order.ts";
import { getOrderSettings, orderExpiry, priceHoldEnd } from "./get-order-settings.ts";
import { orderMessages } from "./messages.ts";
import { orderPriceColumns } from "./order-prices.ts";
import { listOf, pricePlans } from "./price-plans.ts";

/**
 * Turns a cart into the member's order ("Continue to Pay" after sign-up, Subscribe with a short
 * balance): the plans, the period and their priced lines (list prices from the one pricing
 * module, less what is taken off), held and kept open for as long as the order settings say
 * (an owner's, in the back office).
 * A member has one pending order: a new cart cancels the one before (in the same transaction,
 * under the profile lock that completions take too, so a deposit completing the old order and a
 * new cart replacing it never both win). Refused like a purchase: a plan not published → the
 * purchase's "no longer available", a plan already active → "Already subscribed to: …", one an
 * active plan includes → "Already included in …", a
 * period the pricing module does not know → the purchase form's message (400).
 * After commit the order is completed at once if the balance already covers it.
 */
export async function createOrder(options: {
  db: Db;
  userId: string;
  planIds: readonly number[];
  billingPeriod: BillingPeriod;
  /** A coupon code typed for this cart: the order is priced with it and keeps it. */
  couponCode?: string | null;
  clientIp?: string | null;
  now?: Date;
}): Promise<{ orderId: string; completion: CompleteOrderResult }> {
  const { db, userId, billingPeriod, couponCode } = options;
  const now = options.now ?? new Date();
  const planIds = [...new Set(options.planIds)];
  if (planIds.length === 0) throw new AppError("VALIDATION", orderMessages.emptyCart);
  // Callers other than the form's schema (a kept cart, a sign-up's cart) may hand over any text;
  // the pricing module has no price for it, so it is refused before anything is read or written.
  if (!isBillingPeriod(billingPeriod)) throw new AppError("VALIDATION", orderMessages.unknownPeriod);
  // Checked outside the transaction first, so a refused guess stays counted.
  if (couponCode)
    await checkCouponCode({ db, code: couponCode, planIds, billingPeriod, userId, clientIp: options.clientIp, now });
  const orderId = await withRetry(() =>
    db.transaction(async (tx) => {
      const [profile] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for("update");
      if (!profile) throw new AppError("NOT_FOUND", purchaseMessages.profileNotFound);
      const priced = await pricePlans({ db: tx, planIds, billingPeriod });
      if (!priced) throw new AppError("CONFLICT", purchaseMessages.unavailable);
      const coded = couponCode
        ? (await priceWithCoupon({ tx, code: couponCode, userId, plans: listOf(priced.lines), billingPeriod, now }))
            .cart
        : priceCart(priced.lines);
      // Refused like a purchase (already subscribed, already included); a plan it replaces is
      // credited, and the order holds that credit with its prices.
      const { held, reach, nested } = await getHeldPlans({ db: tx, userId, planIds, now, cart: true });
      const switched = priceSwitch({ cart: coded, period: billingPeriod, held, reach, nested });
      if ("refusal" in switched) throw new AppError("CONFLICT", switched.refusal);
      const { cart } = switched;
      const settings = await getOrderSettings({ db: tx });
      await tx
        .update(orders)
        .set({ status: "cancelled", closedAt: now })
        .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
      const [created] = await tx
        .insert(orders)
        .values({
          userId,
          planIds,
          billingPeriod,
          ...orderPriceColumns(cart),
          pricesHeldUntil: priceHoldEnd(settings, now),
          expiresAt: orderExpiry(settings, now),
          createdAt: now,
        })
        .returning({ id: orders.id });
      return created!.id;
    }),
  );
  const completion = await completeCoveredOrder({ db, userId, now });
  return { orderId, completion };
}
