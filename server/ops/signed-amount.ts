import { parseUsdt } from "~/lib/money";
import { AppError } from "../lib/errors.ts";

/** "25.5" → 25_500_000n, "-3" → -3_000_000n; anything else is a clear 400. */
export function signedAmount(text: string): bigint {
  const trimmed = text.trim();
  const negative = trimmed.startsWith("-");
  const micro = parseUsdt(negative ? trimmed.slice(1) : trimmed);
  if (micro === null || micro === 0n) {
    throw new AppError(
      "VALIDATION",
      `Invalid amount "${text}": use a positive or negative USDT amount with at most 6 decimals, e.g. 25.5`,
    );
  }
  return negative ? -micro : micro;
}
