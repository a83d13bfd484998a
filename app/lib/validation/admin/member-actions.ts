import { z } from "zod";
import { parseUsdt } from "../../money";
import { requiredText } from "../fields";
import { serialId } from "../serial-id";

/*
 * The member page's writes on subscriptions (members.write) and money (money.write). Each is
 * its own action-only route, so a role without the permission cannot reach it at all.
 */

export const EXTEND_DAYS_MAX = 3650;
export const ADJUST_REASON_MAX = 500;

const subscriptionId = z.uuid({ message: "Choose a subscription" });

const days = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a whole number of days` })
    .int(`${label} must be a whole number of days`)
    .min(1, `${label} must be between 1 and ${EXTEND_DAYS_MAX}`)
    .max(EXTEND_DAYS_MAX, `${label} must be between 1 and ${EXTEND_DAYS_MAX}`);

/** A complimentary plan's length: one of the plan periods, or a number of days. */
export const COMP_PERIODS = ["monthly", "quarterly", "lifetime", "days"] as const;

export const memberSubscriptionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("extend"), subscriptionId, days: days("Days") }),
    z.object({ intent: z.literal("cancel-now"), subscriptionId }),
    z.object({ intent: z.literal("cancel-at-period-end"), subscriptionId }),
    z
      .object({
        intent: z.literal("comp"),
        planId: serialId("Choose a plan"),
        period: z.enum(COMP_PERIODS, { message: "Choose a period" }),
        days: z.string().optional(),
      })
      .transform((value, ctx) => {
        if (value.period !== "days") return { intent: value.intent, planId: value.planId, period: value.period };
        const parsed = days("Days").safeParse(value.days ?? "");
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: "custom", message: issue.message, path: ["days"] });
          return z.NEVER;
        }
        return { intent: value.intent, planId: value.planId, period: value.period, days: parsed.data };
      }),
  ],
  { message: "Unknown change" },
);
export type MemberSubscriptionInput = z.output<typeof memberSubscriptionSchema>;

/**
 * A manual credit or debit. `key` is made when the dialog opens, so a double submit (or a
 * retried request) posts one ledger row.
 */
export const memberBalanceSchema = z.object({
  direction: z.enum(["credit", "debit"], { message: "Choose credit or debit" }),
  amount: z
    .string({ message: "Amount is required" })
    .trim()
    .min(1, "Amount is required")
    .refine((text) => parseUsdt(text) !== null, "Amount must be a USDT amount such as 25 or 25.50")
    .transform((text) => parseUsdt(text)!)
    .refine((micro) => micro > 0n, "Amount must be more than 0"),
  reason: requiredText("Reason", ADJUST_REASON_MAX),
  key: z.string({ message: "Open the form again" }).regex(/^[A-Za-z0-9_-]{8,64}$/, "Open the form again"),
});
export type MemberBalanceInput = z.output<typeof memberBalanceSchema>;

export const FLAG_NOTE_MAX = 1000;

/** Resolving a card payment flag (money.write): which flag, and what the operator did about it. */
export const resolvePaymentFlagSchema = z.object({
  flagId: serialId("Choose a flag"),
  note: requiredText("Note", FLAG_NOTE_MAX, { lines: true }),
});
export type ResolvePaymentFlagInput = z.output<typeof resolvePaymentFlagSchema>;
