import crypto from "node:crypto";
import { getAuthSecret } from "../../auth/core/auth-secret.ts";

/*
 * The unsubscribe link of every broadcast email carries `{userId}.{hmac}`: nothing to store or
 * expire (a link in an old email must still work), and nobody can make one for another member
 * without the server's secret. Its purpose differs from the newsletter's, so neither link works
 * for the other.
 */

const PURPOSE = "broadcast-unsubscribe";

function mac(userId: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`${PURPOSE}:${userId}`).digest("base64url");
}

export function createBroadcastUnsubscribeToken(userId: string, secret = getAuthSecret()): string {
  return `${userId}.${mac(userId, secret)}`;
}

/** The member a token names, or null when it is malformed or was not made by this server. */
export function readBroadcastUnsubscribeToken(token: unknown, secret = getAuthSecret()): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const expected = Buffer.from(mac(match[1]!, secret));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? match[1]! : null;
}
