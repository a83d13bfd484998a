import { formatUsdt } from "../money";

/** How long after arriving through a link a sign-up is still attributed to the referrer. */
export const REFERRAL_WINDOW_DAYS = 30;

/** The referral link's path: `/r/<code>`. */
export const REFERRAL_PATH = "/r/";

/**
 * The owner's reward rule: off (the start), a whole percent of the referred member's first
 * payment, or a fixed micro-USDT amount (never more than that payment).
 */
export type ReferralRule = { kind: "off" } | { kind: "percent"; percent: number } | { kind: "fixed"; amount: bigint };

/**
 * What a first payment of `payment` micro-USDT earns the referrer under `rule`: a percent rounds
 * down to the micro-USDT, and a fixed amount is capped at the payment, so a cheap plan bought
 * with a reward larger than its price never makes money out of nothing.
 */
export function referralReward(rule: ReferralRule, payment: bigint): bigint {
  if (payment <= 0n || rule.kind === "off") return 0n;
  if (rule.kind === "percent") return (payment * BigInt(rule.percent)) / 100n;
  return rule.amount < payment ? rule.amount : payment;
}

/** The rule in words, as the dashboard, the back office and the audit log say it. */
export function referralRuleText(rule: ReferralRule): string {
  if (rule.kind === "off") return "Off";
  if (rule.kind === "percent") return `${rule.percent}% of the first payment`;
  return `${formatUsdt(rule.amount, { suffix: true })} per first payment`;
}

/** Why a referral earns nothing, as the member and the back office read it. */
export const REFERRAL_REFUSAL_TEXT = {
  self: "Your own account",
  telegram: "Same Telegram account as yours",
  email: "Same email as yours",
} as const;

/**
 * A referred member as the one who referred them sees them (the dashboard's list, the reward's
 * message): first name and last initial, nothing else of theirs.
 */
export function referredName(person: { firstName: string | null; lastName: string | null }): string {
  const initial = person.lastName ? `${person.lastName.slice(0, 1)}.` : "";
  return `${person.firstName ?? ""} ${initial}`.trim() || "A member";
}
