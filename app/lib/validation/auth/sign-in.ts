import { couponCodeField } from "../coupon-code";
import { signUpCart } from "../dashboard/orders";
import { signInSchema } from "./auth";

/**
 * The sign-in form as the server reads it: email and password, and the cart chosen before
 * signing in (this tab's cart as JSON in a hidden field), which joins the account's kept cart,
 * with the code applied to it. Only the server parses the cart, so the form's own check in the
 * browser stays `signInSchema`. Best effort, as the cart is: a code that could never be one is no
 * code, never a refused sign-in.
 */
export const signInFormSchema = signInSchema.extend({ cart: signUpCart, cartCoupon: couponCodeField.catch(null) });
