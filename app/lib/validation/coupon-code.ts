import { z } from "zod";
import { COUPON_CODE_MAX, COUPON_CODE_PATTERN, couponMessages, normalizeCouponCode } from "../billing/coupons";

/**
 * A coupon code a member typed: trimmed and in capitals, or null when the field is empty. What
 * could never be a code is refused as unknown, the same words as a code that does not exist.
 */
export const couponCodeField = z
  .string({ message: couponMessages.unknown })
  .max(200, couponMessages.unknown)
  .optional()
  .transform((value) => (value?.trim() ? normalizeCouponCode(value) : null))
  .refine(
    (value) => value === null || (value.length <= COUPON_CODE_MAX && COUPON_CODE_PATTERN.test(value)),
    couponMessages.unknown,
  );
