import { couponCodeField } from "../coupon-code";
import { signUpCart } from "../dashboard/orders";
import { signUpSchema } from "./auth";

/**
 * The sign-up form as the server reads it: the account's fields, the cart carried from /pricing
 * (a hidden field), which becomes the new member's order, and the coupon code to price that order
 * with (carried from /pricing's cart, or typed here). Only the server parses the cart and the
 * code, so the form's own check in the browser stays `signUpSchema`.
 */
export const joinSchema = signUpSchema.extend({ cart: signUpCart, couponCode: couponCodeField });
