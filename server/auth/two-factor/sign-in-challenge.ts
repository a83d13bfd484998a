import { and, eq, gt, sql } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import type { DbOrTx } from "../../db/client.ts";
import { twoFactor, user, verification } from "../../db/schema.ts";

/** Better Auth's pending sign-in: set by the password step for a member with two-factor on, 10 minutes. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]*)/;

/** Better Auth's "trust this device" cookie, with the separator before it. */
const TRUSTED_DEVICE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.trust_device=[^;]*/g;

/**
 * The request's headers without the trusted-device cookie: the password step then asks for the
 * second factor whatever this browser was trusted for (staff always give one).
 */
export function withoutTrustedDevice(headers: Headers): Headers {
  const copy = new Headers(headers);
  const cookie = copy.get("cookie");
  if (cookie === null) return copy;
  const rest = cookie.replace(TRUSTED_DEVICE_COOKIE, "").replace(/^;\s*/, "");
  if (rest) copy.set("cookie", rest);
  else copy.delete("cookie");
  return copy;
}

/**
 * The account a challenge cookie names, read before Better Auth checks it, for what only narrows
 * an answer: no trusted device for staff, and how long a locked second step stays locked. The
 * cookie's signature is not checked here (Better Auth does that): a forged cookie only names a
 * random identifier that matches no challenge. Null without a live challenge.
 */
export async function findChallengeAccount(options: {
  db: DbOrTx;
  headers: Headers;
}): Promise<{ userId: string; staff: boolean; lockedUntil: Date | null } | null> {
  const raw = CHALLENGE_COOKIE.exec(options.headers.get("cookie") ?? "")?.[1];
  if (!raw) return null;
  let identifier: string;
  try {
    // Better Auth signs it as `<identifier>.<signature>`, URL-encoded; identifiers have no dot.
    identifier = decodeURIComponent(raw).split(".")[0]!;
  } catch {
    return null;
  }
  const [row] = await options.db
    .select({ userId: user.id, role: user.role, lockedUntil: twoFactor.lockedUntil })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, sql`now()`)));
  return row ? { userId: row.userId, staff: isStaffRole(row.role), lockedUntil: row.lockedUntil ?? null } : null;
}
