import crypto from "node:crypto";
import { getAuthSecret } from "../auth/core/auth-secret.ts";

/*
 * The unsubscribe link of every newsletter email carries `{subscriberId}.{hmac}`: nothing to
 * store or expire (a link in a year-old email must still work), and nobody can make one for
 * someone else's subscription without the server's secret.
 */

const PURPOSE = "newsletter-unsubscribe";

function mac(subscriberId: number, secret: string) {
  return crypto.createHmac("sha256", secret).update(`${PURPOSE}:${subscriberId}`).digest("base64url");
}

export function createUnsubscribeToken(subscriberId: number, secret = getAuthSecret()): string {
  return `${subscriberId}.${mac(subscriberId, secret)}`;
}

/** The subscriber a token names, or null when it is malformed or was not made by this server. */
export function readUnsubscribeToken(token: unknown, secret = getAuthSecret()): number | null {
  if (typeof token !== "string" || token.length > 100) return null;
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(mac(id, secret));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
}
