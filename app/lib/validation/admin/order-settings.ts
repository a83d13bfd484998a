import { z } from "zod";
import { ORDER_SETTING_LIMITS } from "~/lib/orders";

/*
 * The order settings form (Money → Orders): how long an order's prices are held and how long an
 * unpaid order stays open. Owner only; the bounds are app/lib/orders.ts's, which the database's
 * CHECK holds too.
 */

const { priceHoldHours: HOLD, lifetimeDays: LIFE } = ORDER_SETTING_LIMITS;

export const orderSettingsMessages = {
  priceHoldHours: `The price hold is a whole number of hours from ${HOLD.min} to ${HOLD.max}.`,
  lifetimeDays: `An order's life is a whole number of days from ${LIFE.min} to ${LIFE.max}.`,
  holdPastLife: "The price hold cannot be longer than the order stays open.",
  unchanged: "These are already the order settings in force.",
} as const;

/** A whole number typed in a field (digits only: "1.5", "1e2" and "-3" are refused). */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()], { message })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,4}$/.test(v), message)
    .transform(Number)
    .refine((v) => v >= min && v <= max, message);

export const orderSettingsSchema = z
  .object({
    priceHoldHours: wholeNumber(orderSettingsMessages.priceHoldHours, HOLD.min, HOLD.max),
    lifetimeDays: wholeNumber(orderSettingsMessages.lifetimeDays, LIFE.min, LIFE.max),
  })
  .refine((v) => v.priceHoldHours <= v.lifetimeDays * 24, {
    message: orderSettingsMessages.holdPastLife,
    path: ["priceHoldHours"],
  });

export type OrderSettingsInput = z.infer<typeof orderSettingsSchema>;
