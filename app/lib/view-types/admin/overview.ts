/*
 * What /admin itself shows.
 * Money as integer micro-USDT strings, dates as ISO strings (days as YYYY-MM-DD, UTC), as everywhere.
 */

/** Days a chart covers: the last 30 or 90 UTC days, today included. */
export const overviewRanges = [30, 90] as const;
export type OverviewRange = (typeof overviewRanges)[number];

export type CountAndSum = { count: number; sum: string };

type Windows = { today: CountAndSum; days7: CountAndSum; days30: CountAndSum };

/**
 * Money members paid in: the totals over both methods, and each method's own (USDT TRC-20
 * deposits, card payments). Card refunds are not netted.
 */
export type MoneyInFigures = Windows & { byMethod: { usdt: Windows; card: Windows } };

export type AdminOverview = {
  /** The moment the figures were computed (ISO). */
  asOf: string;
  range: OverviewRange;
  /** Members with at least one active subscription. */
  activeMembers: number;
  /** Accounts created since UTC midnight, in the last 7 and 30 days. */
  signUps: { today: number; days7: number; days30: number };
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
    /** Monthly equivalent of active recurring, paid subscriptions. */
    mrr: string;
    /** Paid recurring subscriptions counted in the MRR. */
    mrrSubscriptions: number;
    /** Lifetime purchases (checkouts), the lifetime plans they bought, and the money spent. */
    lifetimeSales: CountAndSum & { plans: number };
    deposits: MoneyInFigures;
    /** Renewals due in the next 7 days that the member's balance does not cover. */
    renewalsAtRisk: { subscriptions: number; members: number; shortfall: string };
    /** Recurring paid subscriptions: ended in the last 30 days, and active 30 days ago. */
    churn30d: { ended: number; activeAtStart: number };
  };
  /** Only for roles that edit content. */
  content?: { publishedPosts: number; draftPosts: number; publishedPlans: number };
};
