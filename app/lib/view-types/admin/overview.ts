/*
 * What /admin itself shows.
 * Money as integer micro-USDT strings, dates as ISO strings, as everywhere.
 */

export type AdminOverview = {
  members: number;
  activeSubscriptions: number;
  /** Only for roles that may see money. */
  money?: { balances: string; deposits30d: string; depositCount30d: number; alerts30d: number };
  /** Only for roles that edit content. */
  content?: { publishedPosts: number; draftPosts: number; publishedPlans: number };
};
