import { z } from "zod";
import type { ReferralRule } from "~/lib/billing/referrals";
import { parseUsdt } from "~/lib/money";
import { noControl, notAllowedCharacters } from "../fields";
import { listPage } from "../list-page";

/*
 * The referral reward rule (Referrals in the back office): off, a whole percent of the referred
 * member's first payment, or a fixed amount in USDT (typed as a decimal, "5" or "2.50"). Owner only.
 */

export const referralRuleMessages = {
  kind: "Choose off, a percent or a fixed amount.",
  percent: "The percent is a whole number from 1 to 100.",
  amount: "The amount is in USDT, more than 0 and at most 6 decimals (for example 5 or 2.50).",
  unchanged: "This is already the referral rule in force.",
} as const;

/** Upper bound of a fixed reward: a typo of a few zeros must not pay out a fortune. */
export const REFERRAL_FIXED_MAX = 10_000n * 1_000_000n;

export const referralRuleSchema = z
  .object({
    kind: z.enum(["off", "percent", "fixed"], { message: referralRuleMessages.kind }),
    percent: z.string().max(10).refine(noControl(), notAllowedCharacters("Percent")).optional().default(""),
    amount: z.string().max(30).refine(noControl(), notAllowedCharacters("Amount")).optional().default(""),
  })
  .transform((input, ctx): ReferralRule => {
    if (input.kind === "off") return { kind: "off" };
    if (input.kind === "percent") {
      const text = input.percent.trim();
      const percent = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(percent >= 1 && percent <= 100)) {
        ctx.addIssue({ code: "custom", message: referralRuleMessages.percent, path: ["percent"] });
        return z.NEVER;
      }
      return { kind: "percent", percent };
    }
    const amount = parseUsdt(input.amount);
    if (amount === null || amount <= 0n || amount > REFERRAL_FIXED_MAX) {
      ctx.addIssue({ code: "custom", message: referralRuleMessages.amount, path: ["amount"] });
      return z.NEVER;
    }
    return { kind: "fixed", amount };
  });

export type ReferralRuleInput = z.input<typeof referralRuleSchema>;

/** The referrals page's query string: a page number; anything else reads as the first page. */
export const referralsQuerySchema = z.object({
  page: listPage(100_000),
});
