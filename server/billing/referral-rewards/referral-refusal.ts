import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";

export type ReferralRefusal = "self" | "telegram" | "email";

/**
 * Why a referral between these two accounts earns nothing, or null: the same account, the same
 * Telegram account (its id once linked, else the username given), or the same mailbox. Emails
 * are unique per account, so "the same" means the same mailbox under another spelling: any case,
 * a `+tag`, and Gmail's dots. Asked at sign-up and again when the reward would be paid, since
 * a Telegram account or an email may have changed in between.
 */
export async function referralRefusal(options: {
  db: DbOrTx;
  referrerId: string;
  referredId: string;
}): Promise<ReferralRefusal | null> {
  const { db, referrerId, referredId } = options;
  if (referrerId === referredId) return "self";
  const people = await db
    .select({
      id: user.id,
      email: user.email,
      telegramUserId: profiles.telegramUserId,
      telegramUsername: profiles.telegramUsername,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, [referrerId, referredId]));
  const referrer = people.find((p) => p.id === referrerId);
  const referred = people.find((p) => p.id === referredId);
  if (!referrer || !referred) return null;
  if (sameTelegram(referrer, referred)) return "telegram";
  if (mailbox(referrer.email) === mailbox(referred.email)) return "email";
  return null;
}

type TelegramOf = { telegramUserId: bigint | null; telegramUsername: string | null };

function sameTelegram(a: TelegramOf, b: TelegramOf): boolean {
  if (a.telegramUserId !== null && a.telegramUserId === b.telegramUserId) return true;
  const name = (value: string | null) => (value ?? "").trim().replace(/^@/, "").toLowerCase();
  return name(a.telegramUsername) !== "" && name(a.telegramUsername) === name(b.telegramUsername);
}

/** An address's mailbox: lower case, without a `+tag`, and for Gmail without dots. */
export function mailbox(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const base = local.split("+")[0]!;
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return `${gmail ? base.replaceAll(".", "") : base}@${gmail ? "gmail.com" : domain}`;
}
