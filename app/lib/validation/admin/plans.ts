import { z } from "zod";
import { parseUsdt } from "../../money";
import { noControl, notAllowedCharacters } from "../fields";
import { serialId } from "../serial-id";

/** The icons a plan may name (app/components/plans/plan-icon.tsx ships exactly these). */
export const PLAN_ICONS = ["zap", "bot", "crown", "chart-candlestick", "sparkles", "radio-tower"] as const;
export const MAX_PLAN_FEATURES = 20;
/** The longest free trial a plan may offer (the database holds the same bound). */
export const MAX_TRIAL_DAYS = 90;
const TRIAL_DAYS_RULE = `Free trial must be a whole number of days from 0 to ${MAX_TRIAL_DAYS}`;

/**
 * A USDT amount typed by a person ("49", "49.99"): converted to micro-USDT once, here, at the
 * edge; at most 6 decimals, positive.
 */
const usdtTyped = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{1,9}(\.\d{1,6})?$/, `${label} must be a USDT amount such as 49 or 49.99`)
    .transform((text) => parseUsdt(text)!)
    .refine((micro) => micro > 0n, `${label} must be more than 0`);

/** The plan editor; the same schema checks the form in the browser and on the server. */
export const planSchema = z.object({
  name: z
    .string({ message: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(80, "Name must be less than 80 characters")
    .refine(noControl(), notAllowedCharacters("Name")),
  subtitle: z
    .string()
    .trim()
    .max(160, "Subtitle must be less than 160 characters")
    .refine(noControl(), notAllowedCharacters("Subtitle"))
    .default(""),
  badge: z
    .string()
    .trim()
    .max(40, "Badge must be less than 40 characters")
    .refine(noControl(), notAllowedCharacters("Badge"))
    .optional()
    .transform((v) => (v ? v : null)),
  icon: z.enum(PLAN_ICONS, { message: "Choose one of the plan icons" }).default("zap"),
  monthlyPrice: usdtTyped("Monthly price"),
  originalPrice: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(usdtTyped("Original price").optional())
    .transform((v) => v ?? null),
  discount: z.coerce
    .number({ message: "Discount must be a whole number from 0 to 100" })
    .int("Discount must be a whole number from 0 to 100")
    .min(0, "Discount must be a whole number from 0 to 100")
    .max(100, "Discount must be a whole number from 0 to 100")
    .default(0),
  trialDays: z.coerce
    .number({ message: TRIAL_DAYS_RULE })
    .int(TRIAL_DAYS_RULE)
    .min(0, TRIAL_DAYS_RULE)
    .max(MAX_TRIAL_DAYS, TRIAL_DAYS_RULE)
    .default(0),
  telegramChats: z
    .array(
      z
        .string()
        .trim()
        .regex(/^-?\d{5,16}$/, "A Telegram chat id is a number such as -1001234567890")
        .transform(Number),
      { message: "Telegram chats must be a list" },
    )
    .max(10, "A plan grants at most 10 Telegram chats")
    .refine((ids) => new Set(ids).size === ids.length, "Each Telegram chat is listed once")
    .default([]),
  features: z
    .array(
      z
        .string()
        .trim()
        .min(1, "A feature cannot be empty")
        .max(120, "A feature must be less than 120 characters")
        .refine(noControl(), notAllowedCharacters("A feature")),
      { message: "Features must be a list" },
    )
    .max(MAX_PLAN_FEATURES, `A plan lists at most ${MAX_PLAN_FEATURES} features`)
    .default([]),
});
export type PlanInput = z.output<typeof planSchema>;
export type PlanForm = z.input<typeof planSchema>;

/**
 * What an editor may change on a plan: its texts, features and chats. What members pay (the
 * prices, the discount shown, publishing) is the prices schema's, behind prices.write.
 */
export const planTextsSchema = planSchema.pick({
  name: true,
  subtitle: true,
  badge: true,
  icon: true,
  features: true,
  telegramChats: true,
});
export type PlanTextsInput = z.output<typeof planTextsSchema>;

const planIdField = serialId("Unknown plan");

/** The plans list's move buttons: order on the pricing page is content. */
export const arrangePlanSchema = z.object(
  { intent: z.literal("move", { message: "Unknown change" }), planId: planIdField, direction: z.enum(["up", "down"]) },
  { message: "Unknown change" },
);

/**
 * What members pay, behind prices.write: creating a plan (it has a price from the start), saving
 * one with its prices, publishing or unpublishing it, and cancelling a scheduled price change.
 */
export const planPricesSchema = z.discriminatedUnion(
  "intent",
  [
    planSchema.extend({ intent: z.literal("create") }),
    planSchema.extend({ intent: z.literal("save"), planId: planIdField }),
    z.object({
      intent: z.literal("publish"),
      planId: planIdField,
      published: z.enum(["true", "false"]).transform((v) => v === "true"),
    }),
    // The plan editor's "Cancel scheduled change": the change the person saw, by its id.
    z.object({ intent: z.literal("cancel_price_change"), planId: planIdField, changeId: planIdField }),
  ],
  { message: "Unknown change" },
);
