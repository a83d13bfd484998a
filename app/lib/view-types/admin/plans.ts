/*
 * What the plans pages edit.
 * Money as integer micro-USDT strings, dates as ISO strings, as everywhere.
 */

/** A plan as the back office edits it (all fields, published or not). */
export type AdminPlan = {
  id: number;
  planId: string;
  name: string;
  subtitle: string;
  badge: string | null;
  icon: string;
  discount: number;
  /** Monthly price in force now, micro-USDT. */
  price: string;
  originalPrice: string | null;
  features: string[];
  /** Days of free trial a member may start once; 0: none. */
  trialDays: number;
  /** The Telegram chats (channel or group ids) a subscription to this plan unlocks. */
  telegramChats: string[];
  published: boolean;
  displayOrder: number;
  /** Members whose subscription to this plan renews (a higher price waits 30 days for them). */
  renewing: number;
  /** A price waiting for its date, if any. */
  /** A rise whose notice runs: renewing members pay `oldPrice` until `effectiveAt` (new buyers pay the plan's price). */
  scheduled: { changeId: number; oldPrice: string; newPrice: string; effectiveAt: string } | null;
};
