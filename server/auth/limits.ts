import type { DbOrTx } from "../db/client.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";

export const TOO_MANY = "Too many requests. Please try again later.";

// Per client address and per email address, counted in the database (all instances share them).
const rules = {
  "sign-in": { ip: [20, 15 * 60], email: [8, 15 * 60] },
  "sign-up": { ip: [10, 60 * 60], email: [5, 60 * 60] },
  "forgot-password": { ip: [10, 60 * 60], email: [3, 60 * 60] },
  "reset-password": { ip: [20, 15 * 60], email: [20, 15 * 60] },
} as const;

export type AuthAction = keyof typeof rules;

/** Counts one attempt of `action` against the client address and the email; throws RATE_LIMITED past either limit. */
export async function limitAuthAttempt(options: { db: DbOrTx; action: AuthAction; clientIp: string; email?: string }) {
  const { db, action, clientIp } = options;
  const rule = rules[action];
  await enforceRateLimit({ db, key: `${action}:ip:${clientIp}`, limit: rule.ip[0], windowSeconds: rule.ip[1], message: TOO_MANY });
  if (options.email) {
    const email = options.email.trim().toLowerCase();
    await enforceRateLimit({ db, key: `${action}:email:${email}`, limit: rule.email[0], windowSeconds: rule.email[1], message: TOO_MANY });
  }
}
