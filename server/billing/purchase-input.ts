import { z } from "zod";
import { billingPeriods, type BillingPeriod } from "~/lib/pricing";
import { fieldErrors } from "~/lib/validation/fields";
import { AppError } from "../lib/errors.ts";

export const MAX_PLANS_PER_PURCHASE = 20;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const purchaseInputSchema = z.object({
  planIds: z
    .array(z.number({ message: "Plan ids must be positive whole numbers." }).int("Plan ids must be positive whole numbers.").positive("Plan ids must be positive whole numbers."), {
      message: "Select at least one plan.",
    })
    .min(1, "Select at least one plan.")
    .max(MAX_PLANS_PER_PURCHASE, `A purchase can include at most ${MAX_PLANS_PER_PURCHASE} plans.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each plan can appear only once in a purchase."),
  billingPeriod: z.enum(billingPeriods, { message: "Billing period must be monthly, quarterly or lifetime." }),
  totalAmount: z
    .bigint({ message: "Total amount must be an amount in micro-USDT." })
    .nonnegative("Total amount must not be negative."),
  idempotencyKey: z
    .string({ message: "An idempotency key is required." })
    .min(1, "An idempotency key is required.")
    .max(MAX_IDEMPOTENCY_KEY_LENGTH, `The idempotency key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`),
});

export type PurchaseInput = {
  planIds: number[];
  billingPeriod: BillingPeriod;
  totalAmount: bigint;
  idempotencyKey: string;
};

/** Checks the shape of a purchase request; bad input is an AppError VALIDATION (400) with the first problem as message. */
export function parsePurchaseInput(input: {
  planIds: unknown;
  billingPeriod: unknown;
  totalAmount: unknown;
  idempotencyKey: unknown;
}): PurchaseInput {
  const parsed = purchaseInputSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new AppError("VALIDATION", Object.values(fields)[0] ?? "Invalid purchase request.", { fields });
  }
  return parsed.data;
}
