/*
 * What /admin itself shows.
 * Money as integer micro-USDT strings, dates as ISO strings (days as YYYY-MM-DD, UTC), as everywhere.
 */

/** Days a chart covers: the last 30 or 90 UTC days, today included. */
export const overviewRanges = [30, 90] as const;
export type OverviewRange = (typeof overviewRanges)[number];

export type CountAndSum = { count: number; sum: string };

/** Purchases and renewals a coupon code took something off, the discounts (revenue given up) and what they charged. */
export type CouponFigures = { count: number; givenUp: string; charged: string };

/** Referral rewards credited (how many, how much) and what refunds took back of them. */
export type ReferralFigures = { count: number; paid: string; reversed: string };

/**
 * Free trials in a period: started in it; whose end fell in it and converted (first charge) or
 * ended unpaid; and what the conversions charged (micro-USDT).
 */
export type TrialFigures = { started: number; converted: number; endedUnpaid: number; charged: string };

type Windows = { today: CountAndSum; days7: CountAndSum; days30: CountAndSum };

/**
 * Money members paid in: the totals over both methods, and each method's own (USDT TRC-20
 * deposits, card payments). Card refunds are not netted.
 */
export type MoneyInFigures = Windows & {
  /** Both methods in the 30 days before the last 30. */
  previous30: CountAndSum;
  byMethod: { usdt: Windows; card: Windows };
};

export type AdminOverview = {
  /** The moment the figures were computed (ISO). */
  asOf: string;
  range: OverviewRange;
  /** Every account with a profile, now and 30 days ago (of the accounts that still exist). */
  totalMembers: { now: number; days30Ago: number };
  /** Members with at least one active subscription. */
  activeMembers: number;
  /** The same, 30 days before `asOf`. */
  activeMembers30dAgo: number;
  /** Accounts created since UTC midnight, in the last 7 and 30 days, and in the 30 days before. */
  signUps: { today: number; days7: number; days30: number; previous30: number };
  /** One point per UTC day of the range, oldest first. */
  series: {
    signUps: { day: string; count: number }[];
    /** Members with an active subscription at the end of the day (at `asOf` for today). */
    activeMembers: { day: string; count: number }[];
    /** Only for roles that may see money: money spent on plans (purchases + renewals) that day. */
    revenue?: { day: string; amount: string }[];
  };
  /** Only for roles that may see money. */
  money?: {
    /** Monthly equivalent of active recurring, paid subscriptions, at what their renewals will charge (codes taken off). */
    mrr: string;
    /** The same 30 days before `asOf`, at the plan prices renewals were charged then, less the codes still held. */
    mrr30dAgo: string;
    /** Paid recurring subscriptions counted in the MRR. */
    mrrSubscriptions: number;
    /**
     * Lifetime purchases (checkouts), the lifetime plans they bought, and the money spent, all
     * time; `days30`: the checkouts of the last 30 days among them.
     */
    lifetimeSales: CountAndSum & { plans: number; days30: CountAndSum };
    deposits: MoneyInFigures;
    /** Coupon redemptions and the revenue given up: the last 30 days and the 30 before. */
    coupons: { days30: CouponFigures; previous30: CouponFigures };
    /** Referral rewards paid, from the ledger: the last 30 days and the 30 before. */
    referrals: { days30: ReferralFigures; previous30: ReferralFigures };
    /** Free trials: the last 30 days and the 30 before, and how many run now. */
    trials: { days30: TrialFigures; previous30: TrialFigures; onTrialNow: number };
    /** Balance staff added (positive adjustments): not money paid in, so never in `deposits`. */
    staffCredits: { days30: CountAndSum; previous30: CountAndSum };
    /** Renewals due in the next 7 days that the member's balance does not cover. */
    /** `trials`: free trials due within 7 days whose balance will not convert them (not renewals). */
    renewalsAtRisk: { subscriptions: number; members: number; shortfall: string; trials: number };
    /** Recurring paid subscriptions: ended in the last 30 days, and active 30 days ago. */
    churn30d: { ended: number; activeAtStart: number };
    /** The same for the 30 days before: ended in them, and active at their start. */
    churnPrevious30d: { ended: number; activeAtStart: number };
  };
  /** Only for roles that edit content. */
  content?: { publishedPosts: number; draftPosts: number; publishedPlans: number };
};
