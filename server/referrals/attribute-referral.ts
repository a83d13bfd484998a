import { and, eq, gt } from "drizzle-orm";
import { readCookie, REFERRAL_COOKIE, referralSetCookies } from "~/lib/http/cookies";
import { referralRefusal } from "../billing/referral-rewards/referral-refusal.ts";
import { getConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { referrals, referralVisits } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { windowStart } from "./record-referral-visit.ts";

/**
 * A new member signed up with a referral visit's id in their cookie: when that visit is still
 * inside the window (counted from the arrival, on the server's clock), the member is attributed
 * to its referrer, once (the referred member is the row's key). The same person under a second
 * account is recorded with its refusal, so the back office sees the attempt and no reward is
 * ever paid for it. Returns the referrer's id, or null when nothing was attributed.
 */
export async function attributeReferral(options: {
  db: Db;
  userId: string;
  visitId: string | null | undefined;
  now?: Date;
}): Promise<{ referrerId: string; refusal: string | null } | null> {
  const { db, userId, visitId } = options;
  const now = options.now ?? new Date();
  if (!visitId) return null;
  const [visit] = await db
    .select()
    .from(referralVisits)
    .where(and(eq(referralVisits.id, visitId), gt(referralVisits.createdAt, windowStart(now))));
  if (!visit) return null;
  const refusal = await referralRefusal({ db, referrerId: visit.referrerId, referredId: userId });
  // The database refuses a row referring a member to themselves; that refusal needs no row.
  if (refusal === "self") return { referrerId: visit.referrerId, refusal };
  const written = await db
    .insert(referrals)
    .values({ referredId: userId, referrerId: visit.referrerId, visitedAt: visit.createdAt, refusal, createdAt: now })
    .onConflictDoNothing({ target: referrals.referredId })
    .returning({ referrerId: referrals.referrerId });
  return written[0] ? { referrerId: visit.referrerId, refusal } : null;
}

/**
 * A sign-up's referral, from its request's cookie: attributed when the cookie names a visit, and
 * the cookie spent (the Set-Cookie values to send). A failure is logged, never thrown: the
 * account is made either way.
 */
export async function attributeSignUp(options: {
  db: Db;
  userId: string;
  cookieHeader: string | null;
}): Promise<string[]> {
  const visitId = readCookie(options.cookieHeader, REFERRAL_COOKIE);
  if (!visitId) return [];
  try {
    await attributeReferral({ db: options.db, userId: options.userId, visitId });
  } catch (error) {
    getLogger().error({ err: error, userId: options.userId }, "sign-up: the referral could not be recorded");
  }
  return referralSetCookies("", { secure: getConfig().isProduction, maxAgeSeconds: 0 });
}
