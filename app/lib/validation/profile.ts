import { z } from "zod";
import { requiredText } from "./fields";
import { password } from "./password";

/**
 * "Change user information" (spec §2): only first and last name, trimmed, required, at most
 * 100 characters. The schema strips every other key, so email, Telegram username or balance
 * in a request body never reach the update.
 */
export const profileSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** CHANGE PASSWORD (DESIGN.md §5): the current password, and a new one under the one policy, typed twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ message: "Current password is required" }).min(1, "Current password is required"),
    newPassword: password(),
    confirmPassword: z.string({ message: "Please confirm the new password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const booleanField = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
  message: "Autorenew must be true or false.",
});

/** The autorenew switch: which of the member's subscriptions, and the new setting. */
export const autorenewSchema = z.object({
  subscriptionId: z.uuid({ message: "Subscription not found." }),
  autorenew: booleanField,
});

/**
 * A checkout from the dashboard: plan ids, the period, the total the member saw (decimal USDT,
 * e.g. "124" or "49.99"; the server recomputes and compares) and one idempotency key per
 * opening of the confirm dialog.
 */
export const purchaseRequestSchema = z.object({
  planIds: z.array(z.number().int().positive(), { message: "Select at least one plan." }).min(1, "Select at least one plan."),
  billingPeriod: z.string({ message: "Billing period must be monthly, quarterly or lifetime." }),
  totalAmount: z.string({ message: "Total amount is required." }).regex(/^\d{1,12}(\.\d{1,6})?$/, "Total amount must be a USDT amount."),
  idempotencyKey: z.string({ message: "An idempotency key is required." }).min(1, "An idempotency key is required.").max(200),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;
