import { formatUsdt } from "~/lib/money";

/** What a figure is compared with: its own value 30 days ago, or the 30 days before the last 30. */
export const AGO = "vs 30 days ago";
export const BEFORE = "vs the 30 days before";

const MINUS = "\u2212";
const signOf = (negative: boolean) => (negative ? MINUS : "+");

/** "+12.5%" of `before`, or nothing when there was nothing to grow from. */
function percent(diffAbs: bigint, negative: boolean, before: bigint): string {
  if (before <= 0n) return "";
  // Tenths of a percent, rounded half up, in integers (money has no floats).
  const tenths = (diffAbs * 2000n + before) / (2n * before);
  return ` (${signOf(negative)}${tenths / 10n}.${tenths % 10n}%)`;
}

function change(now: bigint, before: bigint, show: (abs: bigint) => string, against: string): string {
  const diff = now - before;
  if (diff === 0n) return `No change ${against}`;
  const negative = diff < 0n;
  const abs = negative ? -diff : diff;
  return `${signOf(negative)}${show(abs)}${percent(abs, negative, before)} ${against}`;
}

/** A count's change: "+3 (+60.0%) vs 30 days ago", "−2 vs the 30 days before", "No change …". */
export function countChange(now: number, before: number, against: string): string {
  return change(BigInt(now), BigInt(before), (n) => Number(n).toLocaleString("en-US"), against);
}

/** An amount's change (micro-USDT strings): "+$120.00 USDT (+15.0%) vs the 30 days before". */
export function moneyChange(now: string, before: string, against: string): string {
  return change(BigInt(now), BigInt(before), (n) => formatUsdt(n, { suffix: true }), against);
}

/** A rate as "12.5%", or "—" when nothing was active to churn from. */
export function churnRate(ended: number, activeAtStart: number) {
  return activeAtStart === 0 ? "—" : `${((ended / activeAtStart) * 100).toFixed(1)}%`;
}

/** Two churn rates' difference in percentage points, or why there is none. */
export function churnChange(now: { ended: number; activeAtStart: number }, before: typeof now): string {
  if (now.activeAtStart === 0 || before.activeAtStart === 0) return "No earlier rate to compare";
  const points = ((now.ended / now.activeAtStart - before.ended / before.activeAtStart) * 100).toFixed(1);
  const value = Number(points);
  if (value === 0) return `No change ${BEFORE}`;
  return `${signOf(value < 0)}${Math.abs(value).toFixed(1)} pts ${BEFORE}`;
}
