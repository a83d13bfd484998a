import { flashToastSetCookie, type FlashToast } from "~/lib/http/cookies";
import { getConfig } from "../config.ts";

/**
 * A one-shot toast carried across a redirect (e.g. "Welcome back!" after sign-in): a short-lived,
 * script-readable cookie holding only the message, read and deleted by the next page
 * (`app/lib/http/cookies.ts` writes and reads it). Secure in production.
 */
export function flashToastCookie(toast: FlashToast) {
  return flashToastSetCookie(toast, { secure: getConfig().isProduction });
}
