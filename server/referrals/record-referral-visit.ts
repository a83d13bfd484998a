import crypto from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { REFERRAL_WINDOW_DAYS } from "~/lib/billing/referrals";
import type { Db } from "../db/client.ts";
import { referralCodes, referralVisits } from "../db/schema.ts";
import { consumeRateLimit } from "../security/rate-limit.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** New visits one address may record in an hour; a person follows a handful of links. */
const VISITS_PER_HOUR = 30;

/** The oldest visit that still counts at `now`. */
export const windowStart = (now: Date) => new Date(now.getTime() - REFERRAL_WINDOW_DAYS * DAY_MS);

/**
 * A visitor arrived through `/r/<code>`. First touch: when their cookie already names a visit
 * still inside the window, that visit stands and nothing is written. Otherwise a known code gets
 * a new visit row, whose random id (unguessable, meaningless to the browser) is what the cookie
 * keeps; who referred and when stay on the server. An unknown code records nothing. Visits older
 * than the window are pruned on the way, so the table holds 30 days of arrivals at most.
 * Returns the visit id the cookie should hold, or null for none.
 */
export async function recordReferralVisit(options: {
  db: Db;
  code: string;
  /** The id the visitor's cookie already holds, if any. */
  visitId?: string | null;
  clientIp?: string | null;
  now?: Date;
}): Promise<{ visitId: string; fresh: boolean } | null> {
  const { db } = options;
  const now = options.now ?? new Date();
  if (options.visitId) {
    const [kept] = await db
      .select({ id: referralVisits.id })
      .from(referralVisits)
      .where(and(eq(referralVisits.id, options.visitId), gt(referralVisits.createdAt, windowStart(now))));
    if (kept) return { visitId: kept.id, fresh: false };
  }
  const [owner] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, options.code.trim().toLowerCase()));
  if (!owner) return null;
  // A script walking links from one address fills the table no further than this.
  if (options.clientIp) {
    const key = `referral-visit:${options.clientIp}`;
    const limit = await consumeRateLimit({ db, key, limit: VISITS_PER_HOUR, windowSeconds: 3600 });
    if (!limit.allowed) return null;
  }
  const visitId = crypto.randomBytes(18).toString("base64url");
  await db.insert(referralVisits).values({ id: visitId, referrerId: owner.userId, createdAt: now });
  await db.delete(referralVisits).where(lt(referralVisits.createdAt, windowStart(now)));
  return { visitId, fresh: true };
}
