import { and, eq, ne } from "drizzle-orm";
import { signInWithCode } from "../auth/email/sign-in-with-code.ts";
import { getConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { pgError } from "../db/db-errors.ts";
import { profiles, session as sessions, user } from "../db/schema.ts";
import { emailHtml } from "../email/layout.ts";
import { sendEmail } from "../email/send-email.ts";
import { AppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { sendAccessLinks } from "../telegram/send-access-links.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import type { PortalSession } from "./get-portal-session.ts";

export const LINK_MESSAGES = {
  alreadyLinked: "This Telegram account is already linked to your account.",
  otherTelegram:
    "Your account is linked to another Telegram account. To move it here, change your Telegram in your dashboard on the website.",
  takenTelegram: "This Telegram account belongs to another member's account.",
  linked: "Your account is linked. Welcome!",
} as const;

/**
 * Links the portal's Telegram account (the one its signed init data named) to the member who
 * proves their email with the emailed sign-in code, the same code and limits as /signin/code.
 * The code opens a website session as a side effect, which is ended at once: the portal needs
 * none, so it is no new device either (no notice, no device remembered). The profile is then verified with this Telegram id, as the bot's code would. Refused
 * for an account already linked to another Telegram account (moved from the dashboard, where
 * the member signs in fully), and for a Telegram id another profile holds. The owner is told by
 * email, and the channels of what they already have are sent by the bot.
 */
export async function linkPortalAccount(options: {
  db: Db;
  session: PortalSession;
  email: string;
  code: string;
  clientIp: string;
  headers: Headers;
}): Promise<{ userId: string }> {
  const { db, session } = options;
  if (session.memberId) throw new AppError("CONFLICT", LINK_MESSAGES.alreadyLinked);
  const signedIn = await signInWithCode({ ...options, transient: true });
  await db.delete(sessions).where(eq(sessions.token, signedIn.sessionToken));
  const userId = signedIn.userId;
  const telegramUserId = BigInt(session.telegramUserId);
  try {
    await db.transaction(async (tx) => {
      const [profile] = await tx
        .select({ telegramUserId: profiles.telegramUserId, telegramVerified: profiles.telegramVerified })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for("update");
      if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
      if (profile.telegramVerified && profile.telegramUserId !== null && profile.telegramUserId !== telegramUserId)
        throw new AppError("CONFLICT", LINK_MESSAGES.otherTelegram);
      const [other] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.telegramUserId, telegramUserId), ne(profiles.id, userId)));
      if (other) throw new AppError("CONFLICT", LINK_MESSAGES.takenTelegram);
      await tx
        .update(profiles)
        .set({
          telegramUserId,
          telegramVerified: true,
          ...(session.telegramUsername ? { telegramUsername: session.telegramUsername } : {}),
          verificationCode: null,
          verificationCodeExpiresAt: null,
        })
        .where(eq(profiles.id, userId));
    });
  } catch (error) {
    // Another member was linked to this Telegram account at the same moment.
    if (pgError(error).code === "23505") throw new AppError("CONFLICT", LINK_MESSAGES.takenTelegram);
    throw error;
  }
  await afterLink({ db, userId, session }).catch((error: unknown) =>
    getLogger().warn({ err: (error as Error).message, member: userId }, "portal: after linking, a notice failed"),
  );
  return { userId };
}

/** The owner's email about the link (a takeover's one warning), and the channel links by the bot. */
async function afterLink(options: { db: Db; userId: string; session: PortalSession }) {
  const { db, userId, session } = options;
  const [owner] = await db
    .select({ email: user.email, firstName: profiles.firstName })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (owner) {
    const brand = getConfig().brandName;
    const who = session.telegramUsername ? `@${session.telegramUsername}` : session.firstName;
    const paragraphs = [
      `Hi ${owner.firstName || "there"},`,
      `Your ${brand} account was linked to the Telegram account ${who} from the members' portal in Telegram, with a code sent to this address.`,
      "If this was not you, change your password now and reply to this email.",
    ];
    await sendEmail({
      to: owner.email,
      subject: `Your ${brand} account was linked to Telegram`,
      text: `${paragraphs.join("\n\n")}\n\n— ${brand}\n`,
      html: emailHtml({ brand, heading: "Your account was linked to Telegram", paragraphs }),
    });
  }
  await sendAccessLinks({ db, bot: getTelegramBot(), userId });
}
