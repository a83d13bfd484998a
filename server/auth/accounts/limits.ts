import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { clientAddressKey } from "../../security/client-address.ts";
import { enforceRateLimit } from "../../security/rate-limit.ts";

export const TOO_MANY = "Too many requests. Please try again later.";

// Counted in the database, so every instance shares them. Per client address (IPv6 by /64)
// and, where a flood of emails to one member is the harm, per email address. Sign-in has no
// per-email cap: anyone could spend it to lock a member out (see signInDelay below).
const rules = {
  "sign-in": { ip: [20, 15 * 60] },
  // The second sign-in step, counted like the password step.
  "two-factor": { ip: [20, 15 * 60] },
  "sign-up": { ip: [10, 60 * 60], email: [5, 60 * 60] },
  "forgot-password": { ip: [10, 60 * 60], email: [3, 60 * 60] },
  "reset-password": { ip: [20, 15 * 60] },
  // One-time sign-in codes: asking for codes floods a mailbox, so per email too.
  "sign-in-code": { ip: [10, 15 * 60], email: [5, 60 * 60] },
} as const satisfies Record<string, { ip: readonly [number, number]; email?: readonly [number, number] }>;

export type AuthAction = keyof typeof rules;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** Counts one attempt of `action` against the client address (and the email where the rule has one); throws RATE_LIMITED past a limit. */
export async function limitAuthAttempt(options: { db: DbOrTx; action: AuthAction; clientIp: string; email?: string }) {
  const { db, action } = options;
  const rule: { ip: readonly [number, number]; email?: readonly [number, number] } = rules[action];
  await enforceRateLimit({
    db,
    key: clientAddressKey(action, options.clientIp),
    limit: rule.ip[0],
    windowSeconds: rule.ip[1],
    message: TOO_MANY,
  });
  if (rule.email && options.email) {
    await enforceRateLimit({
      db,
      key: `${action}:email:${normalEmail(options.email)}`,
      limit: rule.email[0],
      windowSeconds: rule.email[1],
      message: TOO_MANY,
    });
  }
}

// Failed sign-ins for one email from one address: the first FREE_FAILURES cost nothing, then
// each further attempt must wait twice as long as the last (1 s, 2 s, 4 s … up to 5 min) after
// the latest failure. Guessing from one address slows to a crawl, while the member, signing in
// from their own address, is never held up by someone else's failures.
const FREE_FAILURES = 3;
const MAX_DELAY_SECONDS = 5 * 60;
const FAILURE_MEMORY_SECONDS = 60 * 60;

const failureKey = (email: string, clientIp: string) =>
  clientAddressKey(`sign-in-failures:${normalEmail(email)}`, clientIp);

export function signInDelaySeconds(failures: number) {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_FAILURES));
}

/** Refuses (429 with the wait) a sign-in for this email from this address that comes before its delay is over. */
export async function enforceSignInDelay(options: { db: DbOrTx; email: string; clientIp: string }) {
  const rows = await options.db.execute<{ count: number; since_last: number }>(sql`
    select count, extract(epoch from (now() - (reset_at - make_interval(secs => ${FAILURE_MEMORY_SECONDS}))))::float8 as since_last
    from rate_limits where key = ${failureKey(options.email, options.clientIp)} and reset_at > now()`);
  const row = rows.rows[0];
  if (!row) return;
  const wait = signInDelaySeconds(Number(row.count)) - Number(row.since_last);
  if (wait > 0) throw new AppError("RATE_LIMITED", TOO_MANY, { retryAfterSeconds: Math.ceil(wait) });
}

/** Records a failed sign-in for this email from this address (remembered for an hour after the latest one). */
export async function recordSignInFailure(options: { db: DbOrTx; email: string; clientIp: string }) {
  await options.db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${failureKey(options.email, options.clientIp)}, 1, now() + make_interval(secs => ${FAILURE_MEMORY_SECONDS}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = excluded.reset_at`);
}

/** A successful sign-in forgets this address's failures for the email. */
export async function clearSignInFailures(options: { db: DbOrTx; email: string; clientIp: string }) {
  await options.db.execute(sql`delete from rate_limits where key = ${failureKey(options.email, options.clientIp)}`);
}
