import { signUpCart } from "../dashboard/orders";
import { signUpSchema } from "./auth";

/**
 * The sign-up form as the server reads it: the account's fields and the cart carried from
 * /pricing (a hidden field), which becomes the new member's order. Only the server parses the
 * cart, so the form's own check in the browser stays `signUpSchema`.
 */
export const joinSchema = signUpSchema.extend({ cart: signUpCart });
