import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pgError } from "../db/db-errors.ts";
import { profiles, rateLimits, trialClaims } from "../db/schema.ts";
import { trialIdentity } from "../db/trial-identity.ts";
import { consumeRateLimit } from "../security/rate-limit.ts";
import { botMessages } from "./messages.ts";

export const VERIFY_MAX_FAILURES = 5;
export const VERIFY_LOCK_SECONDS = 15 * 60;

export type VerifyResult =
  | { ok: true; userId: string; username: string; message: string }
  | { ok: false; reason: "locked" | "no-username" | "wrong" | "expired" | "mismatch" | "taken"; message: string };

/** Telegram usernames compare case-insensitively, without the "@". */
const normalize = (username: string) => username.trim().replace(/^@/, "").toLowerCase();

/**
 * Completes the dashboard's Telegram verification: the code must exist, be
 * unexpired and belong to a profile whose Telegram username is the sender's. Then the profile
 * is verified, the sender's Telegram id stored and the code cleared, in one guarded update.
 * A Telegram account is linked to one member only. Every refusal changes nothing except the
 * sender's failure counter: five wrong codes in 15 minutes lock the sender out for 15 minutes,
 * counted in the database (`rate_limits`, key `tg-verify:<telegram id>`) for every instance.
 */
export async function verifyTelegramCode(options: {
  db: Db;
  telegramUserId: number;
  username: string | undefined;
  code: string;
  now?: Date;
}): Promise<VerifyResult> {
  const { db, telegramUserId, code, now = new Date() } = options;
  const key = `tg-verify:${telegramUserId}`;
  const lock = await lockedFor(db, key);
  if (lock) return { ok: false, reason: "locked", message: botMessages.lockedOut(lock) };
  if (!options.username) return { ok: false, reason: "no-username", message: botMessages.noUsername };
  const username = normalize(options.username);

  const candidates = /^\d{6}$/.test(code)
    ? await db
        .select({ id: profiles.id, username: profiles.telegramUsername, expiresAt: profiles.verificationCodeExpiresAt })
        .from(profiles)
        .where(eq(profiles.verificationCode, code))
    : [];
  // Two members may hold the same 6 digits at once: the sender's username picks the right one.
  const isLive = (c: (typeof candidates)[number]) => Boolean(c.expiresAt && c.expiresAt > now);
  const mine = candidates.filter((c) => c.username && normalize(c.username) === username);
  const match = mine.find(isLive);
  if (!match) {
    const reason =
      mine.length > 0 ? "expired" : candidates.some(isLive) ? "mismatch" : candidates.length > 0 ? "expired" : "wrong";
    const message =
      reason === "wrong"
        ? botMessages.wrongCode
        : reason === "expired"
          ? botMessages.expiredCode
          : botMessages.usernameMismatch(username);
    return fail(db, key, reason, message);
  }

  const [other] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.telegramUserId, BigInt(telegramUserId)), ne(profiles.id, match.id)));
  if (other) return { ok: false, reason: "taken", message: botMessages.linkedToAnotherMember };

  try {
    const updated = await db
      .update(profiles)
      .set({
        telegramVerified: true,
        telegramUserId: BigInt(telegramUserId),
        verificationCode: null,
        verificationCodeExpiresAt: null,
      })
      // Guarded by the code: a code replaced or used meanwhile does not verify.
      .where(and(eq(profiles.id, match.id), eq(profiles.verificationCode, code)))
      .returning({ id: profiles.id });
    if (updated.length === 0) return fail(db, key, "wrong", botMessages.wrongCode);
  } catch (error) {
    // Another member was verified with this Telegram account at the same moment.
    if (pgError(error).code === "23505")
      return { ok: false, reason: "taken", message: botMessages.linkedToAnotherMember };
    throw error;
  }
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
  await claimTrialsForTelegram(db, match.id, telegramUserId);
  const shown = match.username!.replace(/^@/, "");
  return { ok: true, userId: match.id, username: shown, message: botMessages.verified(shown) };
}

/**
 * The free trials this member has had are claimed for the Telegram account they just verified
 * too, so another account verifying it later cannot have those plans' trials again. A trial
 * already claimed for this Telegram account elsewhere stays running: verifying is not held up.
 */
async function claimTrialsForTelegram(db: Db, userId: string, telegramUserId: number) {
  const identity = trialIdentity("telegram", String(telegramUserId));
  const own = await db
    .select({ planId: trialClaims.planId, subscriptionId: trialClaims.subscriptionId })
    .from(trialClaims)
    .where(and(eq(trialClaims.userId, userId), eq(trialClaims.identity, trialIdentity("user", userId))));
  if (own.length === 0) return;
  await db
    .insert(trialClaims)
    .values(own.map((claim) => ({ ...claim, identity, userId })))
    .onConflictDoNothing();
}

/** Minutes left of a lock-out, or 0 when the sender may try. */
async function lockedFor(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${rateLimits.resetAt} - now())))::int` })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        sql`${rateLimits.resetAt} > now()`,
        sql`${rateLimits.count} >= ${VERIFY_MAX_FAILURES}`,
      ),
    );
  return row ? Math.max(1, Math.ceil(Number(row.seconds) / 60)) : 0;
}

async function fail(
  db: Db,
  key: string,
  reason: "wrong" | "expired" | "mismatch",
  message: string,
): Promise<VerifyResult> {
  const counted = await consumeRateLimit({ db, key, limit: VERIFY_MAX_FAILURES, windowSeconds: VERIFY_LOCK_SECONDS });
  if (counted.remaining > 0) return { ok: false, reason, message };
  // The fifth failure: the lock-out lasts a full 15 minutes from now.
  await db
    .update(rateLimits)
    .set({ resetAt: sql`now() + make_interval(secs => ${VERIFY_LOCK_SECONDS})` })
    .where(eq(rateLimits.key, key));
  return { ok: false, reason, message: `${message}\n\n${botMessages.lockedOut(VERIFY_LOCK_SECONDS / 60)}` };
}
