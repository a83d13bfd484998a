import { z } from "zod";
import { billingPeriods } from "../../pricing";
import { couponCodeField } from "../coupon-code";
import { microUsdt, noControl } from "../fields";
import { serialIdNumber } from "../serial-id";

export const MAX_PLANS_PER_PURCHASE = 20;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const PLAN_ID = "Plan ids must be positive whole numbers.";

/**
 * A checkout from the dashboard (buying plans from the balance), parsed once at the
 * edge: plan ids, the period, the total the member saw (micro-USDT, the wire format of money,
 * converted to bigint here; the server recomputes and compares), one idempotency key per
 * opening of the confirm dialog, and the coupon code applied in it, if any (the total is then the
 * one after its discount).
 */
export const purchaseRequestSchema = z.object({
  planIds: z
    .array(serialIdNumber(PLAN_ID), { message: "Select at least one plan." })
    .min(1, "Select at least one plan.")
    .max(MAX_PLANS_PER_PURCHASE, `A purchase can include at most ${MAX_PLANS_PER_PURCHASE} plans.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each plan can appear only once in a purchase."),
  billingPeriod: z.enum(billingPeriods, { message: "Billing period must be monthly, quarterly or lifetime." }),
  totalAmount: microUsdt("Total amount must be an amount in micro-USDT."),
  idempotencyKey: z
    .string({ message: "An idempotency key is required." })
    .min(1, "An idempotency key is required.")
    .max(MAX_IDEMPOTENCY_KEY_LENGTH, `The idempotency key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`)
    .refine(noControl(), "The idempotency key contains characters that are not allowed."),
  couponCode: couponCodeField,
});

/** What the browser sends (money as a micro-USDT string). */
export type PurchaseRequestBody = z.input<typeof purchaseRequestSchema>;
/** What the money engine receives (money as bigint). */
export type PurchaseRequest = z.output<typeof purchaseRequestSchema>;
