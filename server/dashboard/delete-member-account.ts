import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { isStaffRole } from "~/lib/staff-roles";
import { confirmAccountOwner } from "../auth/accounts/confirm-account-owner.ts";
import type { Db } from "../db/client.ts";
import {
  account,
  auditLog,
  contactSubmissions,
  knownDevices,
  memberCarts,
  memberNotes,
  newsletterSubscribers,
  notifications,
  orders,
  passkey,
  profiles,
  purchaseRequests,
  session,
  subscriptions,
  telegramInviteLinks,
  twoFactor,
  user,
  verification,
} from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { removeMemberAccess } from "../telegram/remove-member-access.ts";
import { getTelegramBot, type TelegramBot } from "../telegram/telegram-bot.ts";

export const DELETED_NAME = "Deleted member";
export const STAFF_NOT_DELETED =
  "A staff account cannot be deleted here: ask an owner to remove your role on the Staff page first.";
/** Better Auth's kinds of emailed one-time code, each stored as `<kind>-otp-<address>`. */
const EMAILED_CODE_KINDS = ["sign-in", "email-verification", "forget-password", "change-email"];
export const ALREADY_DELETED = "This account has already been deleted.";

/**
 * The address a deleted account keeps: unique (the column is), never deliverable (`.invalid` is
 * reserved for that), so the member's own address is free to open a new account.
 */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * The member deletes their own account, after proving it is theirs (password, and the second
 * factor when on). One transaction empties what identifies them and ends everything that acts
 * for them: sessions, password, passkeys and second factor go, so nothing can sign in again;
 * names, email, Telegram link, staff notes about them, queued notifications, devices, the kept
 * cart and the newsletter subscription are erased; their contact messages lose the sender's name, address
 * and Telegram; active subscriptions are cancelled and a pending order is closed, so nothing is
 * charged again. Kept, because bookkeeping needs them and they hold no name: the ledger, the
 * balance, invoices, chain deposits, card payments and the subscriptions' history, on the same
 * (now anonymous) account id. The deposit address stays on the account, so it is never given to
 * anyone else and a late transfer still lands in these books. The back office sees the deletion
 * in the audit log. After the commit the bot removes them from every paid chat.
 */
export async function deleteMemberAccount(options: {
  db: Db;
  userId: string;
  password: string;
  code?: string;
  headers: Headers;
  bot?: TelegramBot;
  now?: Date;
}) {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const [who] = await db.select({ role: user.role, deletedAt: user.deletedAt }).from(user).where(eq(user.id, userId));
  if (!who || who.deletedAt) throw new AppError("CONFLICT", ALREADY_DELETED);
  if (isStaffRole(who.role)) throw new AppError("CONFLICT", STAFF_NOT_DELETED);
  await confirmAccountOwner({ db, userId, password: options.password, code: options.code, headers: options.headers });

  const erased = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: user.email, deletedAt: user.deletedAt })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!row || row.deletedAt) throw new AppError("CONFLICT", ALREADY_DELETED);
    const email = row.email.toLowerCase();
    const placeholder = deletedEmail(userId);

    const sessions = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(passkey).where(eq(passkey.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    // Open reset links and trusted devices (their value is the user id), verification and
    // change-of-address links (`verify:<user id>:<token>`, `change:…`: the token names both
    // addresses), and codes emailed to the address, by their exact name: another member's
    // address may contain this one.
    await tx.delete(verification).where(
      or(
        eq(verification.value, userId),
        like(verification.value, `verify:${userId}:%`),
        like(verification.value, `change:${userId}:%`),
        inArray(
          verification.identifier,
          EMAILED_CODE_KINDS.map((kind) => `${kind}-otp-${email}`),
        ),
      ),
    );
    await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
    await tx.delete(telegramInviteLinks).where(eq(telegramInviteLinks.userId, userId));
    await tx.delete(purchaseRequests).where(eq(purchaseRequests.userId, userId));
    await tx.delete(memberCarts).where(eq(memberCarts.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(memberNotes).where(eq(memberNotes.userId, userId));
    await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
    await tx
      .update(contactSubmissions)
      .set({ name: DELETED_NAME, email: placeholder, telegram: null, updatedAt: now })
      .where(or(eq(contactSubmissions.userId, userId), sql`lower(${contactSubmissions.email}) = ${email}`));

    const cancelled = await tx
      .update(subscriptions)
      .set({ status: "cancelled", autorenew: false, updatedAt: now })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")))
      .returning({ id: subscriptions.id });
    await tx
      .update(orders)
      .set({ status: "cancelled", closedAt: now, updatedAt: now })
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));

    await tx
      .update(profiles)
      .set({
        firstName: "",
        lastName: "",
        telegramUsername: null,
        telegramVerified: false,
        telegramUserId: null,
        verificationCode: null,
        verificationCodeExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId));
    await tx
      .update(user)
      .set({
        name: DELETED_NAME,
        email: placeholder,
        emailVerified: false,
        image: null,
        twoFactorEnabled: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(user.id, userId));

    const counts = { sessionsEnded: sessions.length, subscriptionsCancelled: cancelled.length };
    // Written here, not through the back office's audit helper (a later layer): the member is the actor.
    await tx.insert(auditLog).values({
      at: now,
      actorUserId: userId,
      actorLabel: "the member",
      actorRole: "member",
      action: "member.delete",
      targetType: "member",
      targetId: userId,
      summary: `The member deleted their account (${plural(counts.sessionsEnded, "session")} ended, ${plural(counts.subscriptionsCancelled, "subscription")} cancelled)`,
      before: { deleted: false },
      after: { deleted: true, ...counts },
    });
    return counts;
  });

  const removal = await removeMemberAccess({ db, bot: options.bot ?? getTelegramBot(), userId, reason: "deleted" });
  return { ...erased, removedFromChats: removal.removed };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
