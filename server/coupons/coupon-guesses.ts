import { couponMessages } from "~/lib/billing/coupons";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { clientAddressKey } from "../security/client-address.ts";
import { consumeRateLimit } from "../security/rate-limit.ts";
import { couponError } from "./coupon-rules.ts";

/** Refused codes one account, and one address, may try in a window before being made to wait. */
export const COUPON_GUESS_LIMIT = 10;
export const COUPON_GUESS_WINDOW_SECONDS = 15 * 60;

/** The counters a person's guesses are counted on: their account's (when signed in) and their address's. */
export function couponGuessKeys(options: { userId?: string | null; clientIp?: string | null }): string[] {
  return [
    ...(options.userId ? [`coupon:user:${options.userId}`] : []),
    ...(options.clientIp ? [clientAddressKey("coupon", options.clientIp)] : []),
  ];
}

/** The refusal of every code, a good one too, once a guess limit is spent: with the wait. */
export function guessLimitError(retryAfterSeconds: number): AppError {
  const message = couponMessages.tooMany(Math.ceil(retryAfterSeconds / 60));
  return new AppError("RATE_LIMITED", message, { retryAfterSeconds, fieldErrors: { couponCode: message } });
}

// Refusals of a typed code made inside a purchase's transaction, which the purchase counts as
// guesses once that transaction has rolled back (a count written inside it would be undone).
const refusedGuesses = new WeakSet<Error>();

/** A typed code's refusal (couponError) that counts as a guess: see countRefusedGuess. */
export function refusedGuess(message: string): AppError {
  const error = couponError(message);
  refusedGuesses.add(error);
  return error;
}

/**
 * Counts a refused guess against every key (consumeRateLimit), when `error` is one (refusedGuess);
 * answers whether it was. Called outside any transaction, so the count is never rolled back.
 */
export async function countRefusedGuess(options: {
  db: DbOrTx;
  error: unknown;
  keys: readonly string[];
}): Promise<boolean> {
  const { db, error } = options;
  if (!(error instanceof Error) || !refusedGuesses.has(error)) return false;
  for (const key of options.keys)
    await consumeRateLimit({ db, key, limit: COUPON_GUESS_LIMIT, windowSeconds: COUPON_GUESS_WINDOW_SECONDS });
  return true;
}
