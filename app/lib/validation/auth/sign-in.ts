import { z } from "zod";
import { couponCodeField } from "../coupon-code";
import { signUpCart } from "../dashboard/orders";
import { noControl, notAllowedCharacters } from "../fields";
import { signInSchema } from "./auth";
import { requireCodeToVerify, signInCodeFields } from "./email-auth";
import { passkeySignInSchema } from "./passkeys";
import { twoFactorSignInSchema } from "./two-factor";

/**
 * The cart chosen before signing in (this tab's cart as JSON in a hidden field), which joins the
 * account's kept cart once the sign-in is complete, with the code applied to it. Only the server
 * parses the cart, so a form's own check in the browser stays the plain schema. Best effort, as the
 * cart is: a code that could never be one is no code, never a refused sign-in.
 */
const broughtCart = {
  // A control character is refused, as in every field (a hidden field tampered with); anything
  // else malformed is no cart.
  cart: z.string().refine(noControl(), notAllowedCharacters("The cart")).optional().pipe(signUpCart),
  cartCoupon: z
    .string()
    .refine(noControl(), notAllowedCharacters("The cart's code"))
    .optional()
    .pipe(couponCodeField.catch(null)),
};

/** The password step as the server reads it. */
export const signInFormSchema = signInSchema.extend(broughtCart);

/** The one-time code step as the server reads it: the cart joins when the code signs the member in. */
export const signInCodeFormSchema = signInCodeFields.extend(broughtCart).superRefine(requireCodeToVerify);

/** The second-factor step as the server reads it: the password step keeps no cart when this one follows. */
export const twoFactorSignInFormSchema = twoFactorSignInSchema.extend(broughtCart);

/** A passkey's signed answer as the server reads it: the page sends the tab's cart with it. */
export const passkeySignInFormSchema = passkeySignInSchema.extend(broughtCart);
