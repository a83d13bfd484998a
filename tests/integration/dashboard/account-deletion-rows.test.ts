import crypto from "node:crypto";
import { and, asc, eq, like, or } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  ALREADY_DELETED,
  DELETED_NAME,
  deletedEmail,
  deleteMemberAccount,
  STAFF_NOT_DELETED,
} from "#server/dashboard/delete-member-account";
import {
  account,
  auditLog,
  contactSubmissions,
  knownDevices,
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
} from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { signUpWithPassword } from "../../helpers/signed-up-member";
import { PASSWORD } from "../../helpers/two-factor-browser";
import { insertOrder } from "../orders/order-fixtures";

withTestDataDir("account-deletion-rows");
let n = 0;

/*
 * The deletion itself, row by row, called as the route calls it: which of the member's rows go,
 * which are closed (a pending order, an active subscription) with the deletion's moment, which are
 * kept as they were (a paid order, an ended subscription), the audit row word for word, and a
 * second member's rows of every kind untouched. A refused deletion writes nothing.
 */
describeEachDatabase("account deletion, row by row", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  const NOW = new Date(Date.UTC(2026, 10, 20, 12));
  const EARLIER = new Date(Date.UTC(2026, 9, 1));

  /** A signed-up member (password, one session) and the headers of their browser. */
  async function signedUp(first: string, email = `${first.toLowerCase()}-rows-${n + 1}@example.com`) {
    n++;
    return signUpWithPassword(db(), {
      firstName: first,
      email,
      telegram: `${first.toLowerCase()}_rows_${n}`,
      ip: `10.32.0.${n}`,
    });
  }

  /** Rows of every kind the deletion touches, for `userId`; returns what it made. */
  async function furnish(userId: string, email: string) {
    const plan = await createPlan(db(), `Rows ${++n}`, 10_000_000n);
    await db()
      .insert(session)
      .values({
        id: crypto.randomUUID(),
        token: crypto.randomUUID(),
        userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    // Made before the paid one (which is made now): the rows are compared oldest first.
    const pending = await insertOrder(db(), userId, {
      planIds: [plan.id],
      pricesHeldUntil: new Date(Date.now() + 3_600_000),
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
    const paid = await insertOrder(db(), userId, {
      status: "paid",
      planIds: [plan.id],
      pricesHeldUntil: EARLIER,
      expiresAt: EARLIER,
      closedAt: EARLIER,
      updatedAt: EARLIER,
    });
    const [active] = await db()
      .insert(subscriptions)
      .values({ userId, planId: plan.id, billingPeriod: "monthly", nextBillingDate: new Date(Date.now() + 86_400_000) })
      .returning();
    const [ended] = await db()
      .insert(subscriptions)
      .values({
        userId,
        planId: plan.id,
        billingPeriod: "monthly",
        status: "expired",
        autorenew: true,
        nextBillingDate: EARLIER,
        updatedAt: EARLIER,
      })
      .returning();
    await db()
      .insert(notifications)
      .values({ userId, kind: "deposit_credited", payload: { amount: "$5.00" } });
    await db()
      .insert(purchaseRequests)
      .values({ userId, idempotencyKey: `key-${userId}`, response: { ok: true } });
    await db()
      .insert(telegramInviteLinks)
      .values({
        userId,
        chatId: -1001000000301,
        inviteLink: "https://t.me/+x",
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    await db()
      .insert(knownDevices)
      .values({ userId, deviceKey: `device-${userId}` });
    await db().insert(passkey).values({
      id: crypto.randomUUID(),
      name: "Laptop",
      publicKey: crypto.randomUUID(),
      userId,
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await db()
      .insert(twoFactor)
      .values({ id: crypto.randomUUID(), secret: crypto.randomUUID(), backupCodes: "[]", userId });
    // A reset link and a trusted device (the user id as value), a verification and a change-of-address
    // link, and a code of each emailed kind.
    const expiresAt = new Date(Date.now() + 3_600_000);
    await db()
      .insert(verification)
      .values(
        [
          ["reset-password:tok", userId],
          ["trust-device:tok", userId],
          ["email-link:v", `verify:${userId}:token`],
          ["email-link:c", `change:${userId}:token`],
          ...["sign-in", "email-verification", "forget-password", "change-email"].map((kind) => [
            `${kind}-otp-${email}`,
            "code",
          ]),
        ].map(([identifier, value]) => ({
          id: crypto.randomUUID(),
          identifier: `${identifier}`,
          value: `${value}`,
          expiresAt,
        })),
      );
    // A message sent signed out, under the member's address typed in another case.
    const [byAddress] = await db()
      .insert(contactSubmissions)
      .values({ name: "Ada", email: email.toUpperCase(), telegram: "@ada", message: "Signed out question" })
      .returning();
    await db()
      .update(profiles)
      .set({ verificationCode: "123456", verificationCodeExpiresAt: new Date(Date.now() + 600_000) })
      .where(eq(profiles.id, userId));
    await db().update(user).set({ image: "https://example.com/a.png" }).where(eq(user.id, userId));
    return { pending, paid, active: active!, ended: ended!, byAddress: byAddress! };
  }

  /** Every row of `userId` the deletion may touch. */
  async function rowsOf(userId: string, email: string) {
    return {
      user: await db().select().from(user).where(eq(user.id, userId)),
      profile: await db().select().from(profiles).where(eq(profiles.id, userId)),
      sessions: await db().select().from(session).where(eq(session.userId, userId)),
      orders: await db().select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
      subscriptions: await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      notifications: await db().select().from(notifications).where(eq(notifications.userId, userId)),
      purchaseRequests: await db().select().from(purchaseRequests).where(eq(purchaseRequests.userId, userId)),
      inviteLinks: await db().select().from(telegramInviteLinks).where(eq(telegramInviteLinks.userId, userId)),
      devices: await db().select().from(knownDevices).where(eq(knownDevices.userId, userId)),
      accounts: await db().select().from(account).where(eq(account.userId, userId)),
      passkeys: await db().select().from(passkey).where(eq(passkey.userId, userId)),
      twoFactor: await db().select().from(twoFactor).where(eq(twoFactor.userId, userId)),
      verification: await db()
        .select()
        .from(verification)
        .where(
          or(
            eq(verification.value, userId),
            like(verification.value, `%${userId}%`),
            like(verification.identifier, `%-otp-${email}`),
          ),
        )
        .orderBy(asc(verification.identifier)),
      messages: await db().select().from(contactSubmissions).where(eq(contactSubmissions.email, email.toUpperCase())),
      audit: await db().select().from(auditLog).where(eq(auditLog.targetId, userId)),
    };
  }

  it("ends and erases the member's rows with the deletion's moment, keeps what is closed, touches no one else", async () => {
    const ada = await signedUp("Ada");
    // Bob's address ends with Ada's: an erasure of codes by "contains" would take his too.
    const bob = await signedUp("Bob", `bob${ada.email}`);
    const mine = await furnish(ada.userId, ada.email);
    await furnish(bob.userId, bob.email);
    const bobBefore = await rowsOf(bob.userId, bob.email);
    // Ours and the sign-up's own verification link.
    for (const before of [await rowsOf(ada.userId, ada.email), bobBefore]) {
      expect(before.verification.length).toBeGreaterThanOrEqual(8);
      expect([before.accounts.length, before.passkeys.length, before.twoFactor.length]).toEqual([1, 1, 1]);
    }
    const result = await deleteMemberAccount({
      db: db(),
      userId: ada.userId,
      password: PASSWORD,
      headers: ada.headers,
      now: NOW,
    });
    expect(result).toEqual({ sessionsEnded: 2, subscriptionsCancelled: 1, removedFromChats: 0 });

    const after = await rowsOf(ada.userId, ada.email);
    expect(after.user).toEqual([
      expect.objectContaining({
        name: DELETED_NAME,
        email: deletedEmail(ada.userId),
        emailVerified: false,
        image: null,
        twoFactorEnabled: false,
        deletedAt: NOW,
        updatedAt: NOW,
      }),
    ]);
    expect(after.profile).toEqual([
      expect.objectContaining({
        firstName: "",
        lastName: "",
        telegramUsername: null,
        telegramVerified: false,
        telegramUserId: null,
        verificationCode: null,
        verificationCodeExpiresAt: null,
        updatedAt: NOW,
      }),
    ]);
    const gone = [
      "sessions",
      "notifications",
      "purchaseRequests",
      "inviteLinks",
      "devices",
      "accounts",
      "passkeys",
    ] as const;
    for (const kind of [...gone, "twoFactor", "verification"] as const) expect(after[kind], kind).toEqual([]);
    // The pending order is closed now; the paid one is kept as it was.
    expect(after.orders).toEqual([{ ...mine.pending, status: "cancelled", closedAt: NOW, updatedAt: NOW }, mine.paid]);
    expect(after.subscriptions.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { ...mine.active, status: "cancelled", autorenew: false, updatedAt: NOW },
      mine.ended,
    ]);
    // The message sent under the address (in other case, no account named) loses who sent it.
    expect(await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, mine.byAddress.id))).toEqual([
      { ...mine.byAddress, name: DELETED_NAME, email: deletedEmail(ada.userId), telegram: null, updatedAt: NOW },
    ]);
    expect(after.audit).toEqual([
      expect.objectContaining({
        at: NOW,
        actorUserId: ada.userId,
        actorLabel: "the member",
        actorRole: "member",
        action: "member.delete",
        targetType: "member",
        targetId: ada.userId,
        summary: "The member deleted their account (2 sessions ended, 1 subscription cancelled)",
        before: { deleted: false },
        after: { deleted: true, sessionsEnded: 2, subscriptionsCancelled: 1 },
      }),
    ]);

    expect(await rowsOf(bob.userId, bob.email)).toEqual(bobBefore);
  });

  it("counts one session and no subscription in the audit's words", async () => {
    const cy = await signedUp("Cy");
    await deleteMemberAccount({ db: db(), userId: cy.userId, password: PASSWORD, headers: cy.headers, now: NOW });
    const [row] = await db()
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cy.userId), eq(auditLog.action, "member.delete")));
    expect(row!.summary).toBe("The member deleted their account (1 session ended, 0 subscriptions cancelled)");
  });

  it("refuses an account already deleted, or none, before asking for the password, and writes nothing", async () => {
    const dee = await signedUp("Dee");
    await deleteMemberAccount({ db: db(), userId: dee.userId, password: PASSWORD, headers: dee.headers, now: NOW });
    const before = await rowsOf(dee.userId, dee.email);
    for (const userId of [dee.userId, crypto.randomUUID()])
      await expect(
        deleteMemberAccount({ db: db(), userId, password: "not checked", headers: dee.headers }),
      ).rejects.toMatchObject({ code: "CONFLICT", message: ALREADY_DELETED });
    expect(await rowsOf(dee.userId, dee.email)).toEqual(before);
  });

  it("refuses a wrong password and a staff account with the right one, and writes nothing", async () => {
    const eve = await signedUp("Eve");
    const fay = await signedUp("Fay");
    await db().update(user).set({ role: "support" }).where(eq(user.id, fay.userId));
    const before = [await rowsOf(eve.userId, eve.email), await rowsOf(fay.userId, fay.email)];
    await expect(
      deleteMemberAccount({ db: db(), userId: eve.userId, password: "Wrong-password1", headers: eve.headers }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      deleteMemberAccount({ db: db(), userId: fay.userId, password: PASSWORD, headers: fay.headers }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: STAFF_NOT_DELETED });
    expect([await rowsOf(eve.userId, eve.email), await rowsOf(fay.userId, fay.email)]).toEqual(before);
  });
});
