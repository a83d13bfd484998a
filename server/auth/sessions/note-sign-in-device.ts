import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { summarizeUserAgent } from "~/lib/http/user-agent";
import type { Db } from "../../db/client.ts";
import { knownDevices } from "../../db/schema.ts";
import { getLogger } from "../../lib/logger.ts";
import { addressPrefix, countryName } from "../accounts/device-address.ts";
import { getAuthSecret } from "../core/auth-secret.ts";
import { sendNewDeviceEmail } from "./send-new-device-email.ts";

/**
 * Remembers the device a new session was opened from (browser + OS + address block) and mails
 * the member when it is one they have not signed in from before. The first device
 * a member is known by (the sign-up browser, or the first sign-in of an account from before this
 * feature) is remembered without a mail. The mail is sent after the answer, and a mail failure
 * is only logged: it never breaks the sign-in. Returns whether a mail was started (for tests).
 */
export async function noteSignInDevice(options: {
  db: Db;
  userId: string;
  email: string;
  name: string;
  userAgent: string | null | undefined;
  ipAddress: string | null | undefined;
  country: string | null | undefined;
  /** A session opened by sign-up: its device becomes known, silently. */
  signUp: boolean;
  at?: Date;
}): Promise<{ mailed: Promise<void> | null }> {
  const { db, userId } = options;
  const at = options.at ?? new Date();
  const { browser, os } = summarizeUserAgent(options.userAgent);
  const prefix = addressPrefix(options.ipAddress);
  const deviceKey = crypto
    .createHmac("sha256", getAuthSecret())
    .update(`known-device\0${userId}\0${browser}\0${os}\0${prefix ?? "-"}`)
    .digest("base64url");

  const seen = await db
    .update(knownDevices)
    .set({ lastSeenAt: at })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceKey, deviceKey)))
    .returning({ key: knownDevices.deviceKey });
  if (seen.length > 0) return { mailed: null };

  const others = await db
    .select({ key: knownDevices.deviceKey })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .limit(1);
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, deviceKey, createdAt: at, lastSeenAt: at })
    .onConflictDoNothing()
    .returning({ key: knownDevices.deviceKey });
  // Another request remembered it first, or this is the member's first device: no mail.
  if (inserted.length === 0 || others.length === 0 || options.signUp) return { mailed: null };

  const mailed = sendNewDeviceEmail({
    to: options.email,
    name: options.name,
    browser,
    os,
    place: countryName(options.country),
    address: prefix,
    at,
  }).catch((error: unknown) => {
    getLogger().error({ err: error, userId }, "new-device sign-in email not sent");
  });
  return { mailed };
}
