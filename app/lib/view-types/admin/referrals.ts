import type { TargetHistory } from "./shared";

/** One member whose link brought sign-ups. Money is micro-USDT strings. */
export type ReferrerRow = { userId: string; email: string; signUps: number; rewarded: number; rewards: string };

/** One member who signed up through another's link, and what their first payment earned. */
export type ReferredRow = {
  userId: string;
  email: string;
  referrerId: string;
  referrerEmail: string;
  signedUpAt: string;
  refusal: "self" | "telegram" | "email" | null;
  /** The first paid payment (null before it). */
  payment: string | null;
  reward: string | null;
  reversed: string;
  rewardedAt: string | null;
};

/** The Referrals section: the rule (who may change it), referrers, a page of referred members, totals. */
export type AdminReferralsView = {
  rule: { kind: "off" } | { kind: "percent"; percent: number } | { kind: "fixed"; amount: string };
  ruleText: string;
  canChange: boolean;
  canReadAudit: boolean;
  history: TargetHistory;
  referrers: ReferrerRow[];
  referred: ReferredRow[];
  page: number;
  pageCount: number;
  totals: { signUps: number; rewarded: number; rewardsPaid: string; reversed: string };
};
