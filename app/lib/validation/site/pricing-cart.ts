import { z } from "zod";
import { cartFromParam, emptyCart } from "../../cart";

const PLAN = "Choose a plan from the list.";

/**
 * /pricing's buttons posted without scripts: the cart as the page showed it (`cart`, in the
 * address's `period:id,id` form) and the plan added or removed (`toggle`). A cart that cannot be
 * read is the empty cart, never a refusal: it is only a wish, checked against published plans.
 */
export const pricingCartSchema = z.object({
  cart: z
    .string()
    .max(200)
    .optional()
    .transform((value) => cartFromParam(value) ?? emptyCart),
  toggle: z
    .string({ message: PLAN })
    .regex(/^\d{1,9}$/, PLAN)
    .transform(Number),
});
