import { z } from "zod";
import { parseCart, type Cart } from "../../cart";
import { couponCodeField } from "../coupon-code";
import { microUsdt } from "../fields";
import { serialIdNumber } from "../serial-id";
import { MAX_PLANS_PER_PURCHASE, purchaseRequestSchema } from "./purchase";

const PLAN_ID = "Plan ids must be positive whole numbers.";

const ORDER_ID = "This order no longer exists.";
const orderId = z.string({ message: ORDER_ID }).uuid(ORDER_ID);

/**
 * "Continue to Pay" / Subscribe with a short balance: the cart becomes the member's order, priced
 * with the coupon code applied in the confirm dialog, if any.
 */
export const createOrderSchema = purchaseRequestSchema.pick({ planIds: true, billingPeriod: true, couponCode: true });

/** The dashboard's cart as the member changes it (kept with the account): it may be empty. */
export const saveCartSchema = z.object({
  planIds: z
    .array(serialIdNumber(PLAN_ID), { message: PLAN_ID })
    .max(MAX_PLANS_PER_PURCHASE, `A cart can hold at most ${MAX_PLANS_PER_PURCHASE} plans.`)
    .transform((ids) => [...new Set(ids)]),
  billingPeriod: createOrderSchema.shape.billingPeriod,
  // A code applied in the cart (kept with it), or null: the member removed the kept code. Left out
  // (every plan or period change), the kept code stays. Empty is null too, as in every code field.
  couponCode: z.union([z.null(), couponCodeField]).optional(),
});

/** Cancelling the member's order. */
export const cancelOrderSchema = z.object({ orderId });

/** Accepting the total an order was priced at again: the figure the member was shown. */
export const acceptOrderPriceSchema = z.object({
  orderId,
  total: microUsdt("The total must be an amount in micro-USDT."),
});

/** A coupon code typed on the order page; empty takes the order's code off. */
export const orderCouponSchema = z.object({
  orderId,
  couponCode: couponCodeField,
});

/**
 * The sign-up form's cart (the session-storage cart as JSON in a hidden field). Best effort: a
 * missing or malformed cart is no cart, never a refusal of the sign-up.
 */
export const signUpCart = z
  .string()
  .max(2_000)
  .optional()
  .transform((value): Cart | undefined => {
    if (!value) return undefined;
    try {
      const cart = parseCart(JSON.parse(value));
      if (!cart || cart.planIds.length === 0) return undefined;
      const planIds = [...new Set(cart.planIds)].slice(0, 20);
      return createOrderSchema.safeParse({ ...cart, planIds }).success ? { ...cart, planIds } : undefined;
    } catch {
      return undefined;
    }
  });
