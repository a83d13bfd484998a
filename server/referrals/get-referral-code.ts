import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { referralCodes } from "../db/schema.ts";

// Lower-case letters and digits without the look-alikes (0/o, 1/l/i), so a code read aloud or
// typed from a printed QR code survives.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 8;

/**
 * The member's referral code, made the first time it is asked for (8 characters from a
 * 31-letter alphabet: about 850 billion codes, so a clash is retried, not expected). Two tabs
 * asking at once both get the one row that won.
 */
export async function getReferralCode(options: { db: DbOrTx; userId: string }): Promise<string> {
  const { db, userId } = options;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    const code = Array.from(crypto.randomBytes(LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
    await db.insert(referralCodes).values({ userId, code }).onConflictDoNothing();
  }
  throw new Error("referrals: no free code after 5 attempts");
}
