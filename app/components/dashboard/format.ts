import { formatUsdt } from "~/lib/money";
import type { BillingPeriod } from "~/lib/pricing";

// Dates have one format site-wide (app/lib/dates.ts); the dashboard's files import it from here.
export { formatDate } from "~/lib/dates";

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
