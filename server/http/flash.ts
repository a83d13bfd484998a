import { getConfig } from "../config.ts";

/**
 * A one-shot toast carried across a redirect (e.g. "Welcome back!" after sign-in): a short-lived,
 * script-readable cookie holding only the message, read and deleted by the next page.
 */
export function flashToastCookie(toast: { title: string; description?: string; type?: "success" | "error" }) {
  const value = encodeURIComponent(JSON.stringify(toast));
  return `flash_toast=${value}; Path=/; Max-Age=60; SameSite=Lax${getConfig().isProduction ? "; Secure" : ""}`;
}
