import { z } from "zod";
import { couponMessages } from "../../billing/coupons";
import { billingPeriods } from "../../pricing";
import { couponCodeField } from "../coupon-code";

/** Asked before a code is checked: the cart has nothing for it to apply to yet. */
export const EMPTY_CART_FOR_CODE = couponMessages.emptyCart;
export const ENTER_A_CODE = couponMessages.enterCode;

/**
 * A code checked against a cart before anything is bought (/pricing's cart, sign-up, the
 * dashboard's confirm dialog): the query of a GET, `?code=SPRING&plans=3,5&period=monthly`. The
 * cart's plans are only a wish here; the terms the answer carries are what the cart shows, and
 * every charge prices the code again itself.
 */
export const couponCheckSchema = z.object({
  code: couponCodeField.refine((code) => code !== null, ENTER_A_CODE),
  plans: z
    .string({ message: EMPTY_CART_FOR_CODE })
    .max(200, EMPTY_CART_FOR_CODE)
    .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, EMPTY_CART_FOR_CODE)
    .transform((ids) => [...new Set(ids.split(",").map(Number))]),
  period: z.enum(billingPeriods, { message: couponMessages.notForPeriod }),
});

export type CouponCheckQuery = z.input<typeof couponCheckSchema>;
