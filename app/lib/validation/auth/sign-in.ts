import { signUpCart } from "../dashboard/orders";
import { signInSchema } from "./auth";

/**
 * The sign-in form as the server reads it: email and password, and the cart chosen before
 * signing in (this tab's cart as JSON in a hidden field), which joins the account's kept cart.
 * Only the server parses the cart, so the form's own check in the browser stays `signInSchema`.
 */
export const signInFormSchema = signInSchema.extend({ cart: signUpCart });
