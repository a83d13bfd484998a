import type { SiteFigures } from "./view-types/content";

/**
 * The wording of every figure a marketing page shows, from the site's own data. Each rounds
 * down, so a claim is never larger than what the data holds, and each is absent when the data
 * holds nothing worth saying.
 */

const count = (n: number) => n.toLocaleString("en-US");

/** "72% win rate" over the published results; null before any signal has closed. */
export function winRateClaim(figures: Pick<SiteFigures, "closedSignals" | "wins">) {
  if (figures.closedSignals <= 0) return null;
  const percent = Math.floor((figures.wins / figures.closedSignals) * 100);
  return {
    stat: `${percent}% win rate`,
    text: `${count(figures.wins)} of ${count(figures.closedSignals)} closed signals won, every strategy and month on the results page, losses included.`,
  };
}

/** Membership from 100 up: "100+ members", "4,000+ members" (hundreds below 1,000, then thousands). */
export function memberClaim(members: number) {
  if (members < 100) return null;
  const step = members < 1000 ? 100 : 1000;
  return `${count(Math.floor(members / step) * step)}+ members`;
}

/** "60% off every plan" when all published plans share it, "Up to 60% off" when they differ; null without one. */
export function discountClaim(figures: Pick<SiteFigures, "largestDiscount" | "smallestDiscount">) {
  if (figures.largestDiscount <= 0) return null;
  if (figures.smallestDiscount === figures.largestDiscount) return `${figures.largestDiscount}% off every plan`;
  return `Up to ${figures.largestDiscount}% off`;
}
