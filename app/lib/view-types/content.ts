/**
 * What public pages receive from the content queries (server/content/*): the one definition
 * both the loaders and the components use. JSON has no bigint, so money travels as integer
 * micro-USDT strings (app/lib/money.ts reads them).
 */

export type PublicPlan = {
  id: number;
  planId: string;
  name: string;
  subtitle: string;
  icon: string;
  badge: string | null;
  discount: number;
  /** Monthly price, micro-USDT. */
  price: string;
  /** Struck-through price, micro-USDT. */
  originalPrice: string | null;
  features: string[];
  /** Days of free trial a member may start once, without paying; 0: none. */
  trialDays: number;
};

/** A post as the list and the related-articles block show it (no body). */
export type BlogPostSummary = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  image: string;
  author: string;
  authorRole: string;
};

/**
 * A whole article; `content` is sanitized HTML, safe to render as is: cleaned
 * when written by the site, and cleaned again when read because editors also write rows
 * straight into the database.
 */
export type BlogPost = BlogPostSummary & {
  content: string;
  createdAt: string;
  /** Search and link-preview texts; empty: the title, the excerpt, the hero image. */
  seoTitle: string;
  seoDescription: string;
  socialImage: string;
};

/** The results tracker's types, as the database's `result_type` enum lists them. */
export const RESULT_TYPES = ["broadcastai", "forex", "high_lev_futures", "low_lev_futures", "spot"] as const;

export type ResultType = (typeof RESULT_TYPES)[number];

/** One results-tracker row; percentages are plain numbers (not money). */
export type PublicResult = {
  id: number;
  type: ResultType;
  title: string;
  signals: number;
  wins: number;
  losses: number;
  totalPercentage: number;
  winRate: number;
};

/**
 * The figures marketing pages may show, each read from the site's own data at request time:
 * nothing on a page claims a number the database does not hold.
 */
export type SiteFigures = {
  /** Accounts with a verified address that are not staff. */
  members: number;
  /** Published results, every strategy and month: closed signals (wins + losses) and wins. */
  closedSignals: number;
  wins: number;
  /** The largest and smallest discount (percent) among published plans; 0 when none has one. */
  largestDiscount: number;
  smallestDiscount: number;
};
