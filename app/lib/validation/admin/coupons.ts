import { z } from "zod";
import {
  COUPON_CODE_MAX,
  COUPON_CODE_PATTERN,
  couponDurations,
  couponKinds,
  normalizeCouponCode,
} from "../../billing/coupons";
import { parseUsdt } from "../../money";
import { billingPeriods } from "../../pricing";
import { noControl, notAllowedCharacters } from "../fields";
import { serialId } from "../serial-id";

const CODE = `A code is 3 to ${COUPON_CODE_MAX} letters, digits, dashes or underscores`;
const PERCENT = "Percent off must be a whole number from 1 to 100";
const AMOUNT = "Amount off must be a USDT amount such as 5 or 4.99";
const RENEWALS = "Renewals must be a whole number from 1 to 120";
const LIMIT = "A limit must be a whole number from 1 to 1,000,000";
const DATE = "A date is written as YYYY-MM-DD";
/** A plan id the form never offered: a crafted request, or an id past any row (the server checks each exists). */
export const UNKNOWN_PLAN = "A chosen plan does not exist: reload the page and choose again.";

/** A whole number typed in a field, or nothing when the field is empty. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()], { message })
    .optional()
    .transform((v) => (v === undefined || String(v).trim() === "" ? null : String(v).trim()))
    .refine((v) => v === null || /^\d{1,7}$/.test(v), message)
    .transform((v) => (v === null ? null : Number(v)))
    .refine((v) => v === null || (v >= min && v <= max), message);

/** A day typed in a date field (UTC), or nothing. */
const day = z
  .string({ message: DATE })
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), DATE);

/**
 * A coupon code's form, shared by the back office's page and its action. Days are whole UTC days:
 * a code is valid from the start of its first day to the end of its last.
 */
export const couponSchema = z
  .object({
    code: z
      .string({ message: CODE })
      .trim()
      .min(3, CODE)
      .max(COUPON_CODE_MAX, CODE)
      .regex(COUPON_CODE_PATTERN, CODE)
      .transform(normalizeCouponCode),
    kind: z.enum(couponKinds, { message: "Choose percent or fixed amount off" }),
    percentOff: wholeNumber(PERCENT, 1, 100),
    amountOff: z
      .string({ message: AMOUNT })
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^\d{1,9}(\.\d{1,6})?$/.test(v), AMOUNT)
      .transform((v) => (v === null ? null : parseUsdt(v)!))
      .refine((v) => v === null || v > 0n, "Amount off must be more than 0"),
    planIds: z
      .array(serialId(UNKNOWN_PLAN), { message: "Plans must be a list" })
      .max(100)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    periods: z
      .array(z.enum(billingPeriods, { message: "Choose monthly, quarterly or lifetime" }))
      .default([])
      .transform((periods) => [...new Set(periods)]),
    duration: z.enum(couponDurations, { message: "Choose how long the code takes off" }),
    durationRenewals: wholeNumber(RENEWALS, 1, 120),
    maxRedemptions: wholeNumber(LIMIT, 1, 1_000_000),
    perMemberLimit: wholeNumber(LIMIT, 1, 1_000_000).transform((v) => v ?? 1),
    validFrom: day,
    validUntil: day,
    newMembersOnly: z.boolean().default(false),
    note: z
      .string()
      .trim()
      .max(200, "A note must be less than 200 characters")
      .refine(noControl(), notAllowedCharacters("The note"))
      .default(""),
  })
  .superRefine((input, ctx) => {
    if (input.kind === "percent" && input.percentOff === null)
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: PERCENT });
    if (input.kind === "fixed" && input.amountOff === null)
      ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Amount off is required" });
    if (input.duration === "repeating" && input.durationRenewals === null)
      ctx.addIssue({ code: "custom", path: ["durationRenewals"], message: RENEWALS });
    if (input.validFrom && input.validUntil && input.validUntil < input.validFrom)
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "The last day cannot be before the first" });
  })
  .transform((input) => ({
    ...input,
    percentOff: input.kind === "percent" ? input.percentOff : null,
    amountOff: input.kind === "fixed" ? input.amountOff : null,
    durationRenewals: input.duration === "repeating" ? input.durationRenewals : null,
  }));

export type CouponInput = z.output<typeof couponSchema>;
export type CouponForm = z.input<typeof couponSchema>;

/** The instant a code starts being valid: the start of its first day (UTC). */
export const validFromInstant = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);
/** The instant a code stops being valid: the end of its last day (UTC), so the whole day counts. */
export const validUntilInstant = (day: string | null) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000) : null;

const couponIdField = serialId("Unknown code");

/** A code's page saves the form with the code's id. */
export const saveCouponSchema = z.object({ couponId: couponIdField }).and(couponSchema);

/** Pause or resume a code. */
export const pauseCouponSchema = z.object({
  couponId: couponIdField,
  paused: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
    message: "Say whether the code is paused",
  }),
});
