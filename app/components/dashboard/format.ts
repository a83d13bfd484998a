import { formatUsdt } from "~/lib/money";
import type { BillingPeriod } from "~/lib/pricing";

// UTC on purpose: the server render and the browser must print the same text (no hydration mismatch).
const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Nov 22, 2026" from an ISO timestamp. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** The header's balance: '$x.xx USDT', always 2 decimals. */
export function formatBalance(micro: string | bigint): string {
  return formatUsdt(BigInt(micro), { suffix: true });
}

export const periodName: Record<BillingPeriod, string> = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  lifetime: "Lifetime",
};

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
