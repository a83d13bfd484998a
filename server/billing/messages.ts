import { formatUsdt } from "~/lib/money";

const CENT = 10_000n;

/** A shortfall shown to a member is rounded UP to the cent: "$0.01 more" is enough, "$0.00 more" never appears. */
export function ceilToCent(micro: bigint): bigint {
  return ((micro + CENT - 1n) / CENT) * CENT;
}

/** "$12.50": what a member still needs, as every purchase refusal, reminder and failed renewal states it (ceilToCent). */
export function formatShortfall(micro: bigint): string {
  return formatUsdt(ceilToCent(micro));
}

/** The member-facing texts of a purchase. */
export const purchaseMessages = {
  /** The purchase dialog's answer to a session that has ended. */
  signIn: "Please sign in to complete purchase",
  profileNotFound: "Profile not found.",
  unavailable: "Some selected plans are no longer available. Please review your cart.",
  pricesChanged: "Prices have changed. Please review your cart.",
  alreadySubscribed: (planNames: readonly string[]) => `Already subscribed to: ${planNames.join(", ")}`,
  /** e.g. "Insufficient balance. You need $12.50 more." */
  insufficientBalance: (shortfall: bigint) => `Insufficient balance. You need ${formatShortfall(shortfall)} more.`,
} as const;

/** "2026-02-28": the ISO calendar date (UTC) used in notification payloads. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
