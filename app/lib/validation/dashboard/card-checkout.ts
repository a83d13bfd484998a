import { z } from "zod";
import { CARD_TOP_UP_MAX_USD, CARD_TOP_UP_MIN_USD } from "../../card-payments";

const AMOUNT = `Enter a whole number of US dollars from ${CARD_TOP_UP_MIN_USD} to ${CARD_TOP_UP_MAX_USD.toLocaleString("en-US")}.`;

/**
 * "Pay by card": a top-up of an amount the member chooses (whole US dollars, typed into the
 * form as text), or the amount still due on their open order (the server works it out).
 */
export const cardCheckoutSchema = z.discriminatedUnion("purpose", [
  z.object({
    purpose: z.literal("top_up"),
    // Typed as text in the form; the browser sends what this schema made of it (a number).
    amount: z.preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z
        .string({ message: AMOUNT })
        .trim()
        .regex(/^\d{1,6}$/, AMOUNT)
        .transform(Number)
        .refine((usd) => usd >= CARD_TOP_UP_MIN_USD && usd <= CARD_TOP_UP_MAX_USD, AMOUNT),
    ),
  }),
  z.object({ purpose: z.literal("order") }),
]);

export type CardCheckoutBody = z.input<typeof cardCheckoutSchema>;
export type CardCheckoutRequest = z.output<typeof cardCheckoutSchema>;
