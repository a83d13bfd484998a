import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as accountRoute from "~/routes/api/admin/api.admin.members.$memberId.account";
import * as telegramRoute from "~/routes/api/admin/api.admin.members.$memberId.telegram";
import * as signIn from "~/routes/auth/signin";
import { ACCOUNT_BANNED } from "#server/auth/core/auth-errors";
import { postLedgerEntry } from "#server/billing/ledger";
import { runRenewals } from "#server/billing/renew-subscriptions";
import {
  auditLog,
  ledgerEntries,
  planTelegramChats,
  pricing,
  profiles,
  session,
  subscriptions,
  telegramChatMembers,
  user,
} from "#server/db/schema";
import { botMessages } from "#server/telegram/messages";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { mailsTo } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import type { FakeBotApi } from "../../helpers/fake-bot-api";
import { callAction } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";

const dataDir = withTestDataDir("admin-member-writes");
const CHAT_A = -1001000000101;
const CHAT_B = -1001000000102;
const TELEGRAM_ID = 5550001;

type Account = Awaited<ReturnType<typeof signUpStaff>>;

describeEachDatabase("the member page's writes", (database) => {
  const db = () => database().db;
  let api: FakeBotApi;
  let owner: Account;
  let support: Account;
  let member: Account;
  let planId: number;

  const fix = (who: Account, telegram: string, memberId = member.userId) =>
    callAction(telegramRoute, {
      path: `/api/admin/members/${memberId}/telegram`,
      params: { memberId },
      cookie: who.cookie,
      form: { telegram },
    });
  const account = (who: Account, form: Record<string, string>, memberId = member.userId) =>
    callAction(accountRoute, {
      path: `/api/admin/members/${memberId}/account`,
      params: { memberId },
      cookie: who.cookie,
      form,
    });
  const auditRows = (action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, member.userId)));

  /** The member verified on Telegram, subscribed to a plan of two chats, and in both. */
  async function verifiedInTwoChats() {
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(TELEGRAM_ID), verificationCode: "123456" })
      .where(eq(profiles.id, member.userId));
    await db()
      .insert(subscriptions)
      .values({
        userId: member.userId,
        planId,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 86_400_000),
      })
      .onConflictDoNothing();
    for (const chatId of [CHAT_A, CHAT_B]) {
      await db()
        .insert(telegramChatMembers)
        .values({ chatId, telegramUserId: TELEGRAM_ID, userId: member.userId })
        .onConflictDoNothing();
      api.setChatMember(chatId, TELEGRAM_ID, "member");
    }
    api.reset();
  }

  useProcessDatabase(database);
  beforeAll(async () => {
    api = await startSingletonBot(db());
    [owner, support, member] = await Promise.all([
      signUpStaff(db(), "owner"),
      signUpStaff(db(), "support"),
      signUpStaff(db(), null),
    ]);
    await db().update(user).set({ twoFactorEnabled: false }).where(eq(user.id, member.userId));
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: `vip-${Date.now()}`, name: "VIP Signals", price: 30_000_000n })
      .returning({ id: pricing.id });
    planId = plan!.id;
    await db()
      .insert(planTelegramChats)
      .values([
        { planId, chatId: CHAT_A },
        { planId, chatId: CHAT_B },
      ]);
  });

  afterAll(() => stopSingletonBot(api));

  beforeEach(() => api.reset());

  describe("fix the Telegram username (telegram.fix)", () => {
    it("refuses a bad username with the sign-up's message, writing nothing", async () => {
      const [before] = await db().select().from(profiles).where(eq(profiles.id, member.userId));
      const answer = await fix(support, "a b");
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        ok: false,
        fieldErrors: {
          telegram: "Enter your Telegram username: 5–32 letters, digits or underscores, starting with a letter",
        },
      });
      expect((await db().select().from(profiles).where(eq(profiles.id, member.userId)))[0]).toEqual(before);
      expect(await auditRows("member.telegram-fix")).toEqual([]);
    });

    it("changes it, resets verification, emails the member and takes them out of every chat; audited", async () => {
      await verifiedInTwoChats();
      const answer = await fix(support, "@Right_Name");
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, emailed: true, removed: 2, removalFailed: 0 });
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.userId));
      expect(profile).toMatchObject({
        telegramUsername: "Right_Name",
        telegramVerified: false,
        telegramUserId: null,
        verificationCode: null,
        verificationCodeExpiresAt: null,
      });
      const [row] = await auditRows("member.telegram-fix");
      expect(row).toMatchObject({
        targetType: "member",
        actorUserId: support.userId,
        before: { telegramVerified: true, telegramUserId: String(TELEGRAM_ID) },
        after: { telegramUsername: "Right_Name", telegramVerified: false, telegramUserId: null },
      });
      const mail = mailsTo(dataDir, member.email).at(-1);
      expect(mail).toContain("@Right_Name");
      expect(mail).toContain("verified again");
      // Ban then unban in each chat: out now, free to come back once verified.
      expect(
        api
          .callsOf("banChatMember")
          .map((c) => Number(c.params.chat_id))
          .sort(),
      ).toEqual([CHAT_B, CHAT_A].sort());
      expect(api.callsOf("unbanChatMember")).toHaveLength(2);
      expect(api.messagesTo(TELEGRAM_ID)[0]).toContain("Support changed the Telegram username");
      expect(
        await db().select().from(telegramChatMembers).where(eq(telegramChatMembers.userId, member.userId)),
      ).toEqual([]);
    });

    it("is 404 for an unknown member and for a role without telegram.fix", async () => {
      expect((await fix(support, "valid_name", "nobody")).status).toBe(404);
      const editor = await signUpStaff(db(), "editor");
      expect((await fix(editor, "valid_name")).status).toBe(404);
    });
  });

  describe("ban and unban (members.write)", () => {
    it("is not for support", async () => {
      const answer = await account(support, { intent: "ban", reason: "Abuse" });
      expect(answer.status).toBe(404);
      expect((await db().select().from(user).where(eq(user.id, member.userId)))[0]!.banned).toBe(false);
    });

    it("needs a reason", async () => {
      const answer = await account(owner, { intent: "ban", reason: "  " });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, fieldErrors: { reason: "Reason is required" } });
    });

    it("bans: sign-in refused with a clear message, sessions ended at once, out of every chat; audited", async () => {
      await verifiedInTwoChats();
      expect(await db().select().from(session).where(eq(session.userId, member.userId))).not.toEqual([]);
      const answer = await account(owner, { intent: "ban", reason: "Chargeback fraud" });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, sessionsEnded: 1, removed: 2 });
      const [row] = await db().select().from(user).where(eq(user.id, member.userId));
      expect(row).toMatchObject({ banned: true, banReason: "Chargeback fraud" });
      expect(await db().select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
      expect(
        api
          .callsOf("banChatMember")
          .map((c) => Number(c.params.chat_id))
          .sort(),
      ).toEqual([CHAT_A, CHAT_B].sort());
      const [audit] = await auditRows("member.ban");
      expect(audit).toMatchObject({
        actorUserId: owner.userId,
        before: { banned: false, banReason: null },
        after: { banned: true, banReason: "Chargeback fraud" },
      });
      const refused = await callAction(signIn, {
        path: "/signin",
        form: { email: member.email, password: "Analytical1" },
        clientIp: "10.77.0.1",
      });
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({ ok: false, error: ACCOUNT_BANNED });
      // The wrong password still says only that.
      const wrong = await callAction(signIn, {
        path: "/signin",
        form: { email: member.email, password: "Wrong-password1" },
        clientIp: "10.77.0.2",
      });
      expect(wrong.status).toBe(401);
      expect((await account(owner, { intent: "ban", reason: "Again" })).status).toBe(409);
    });

    it("a banned member's due subscription ends uncharged at renewal, however much they hold", async () => {
      await postLedgerEntry({
        tx: db(),
        userId: member.userId,
        kind: "adjustment",
        amount: 500_000_000n,
        reference: `test:ban-balance:${member.userId}`,
      });
      const due = new Date(Date.now() - 60_000);
      await db()
        .update(subscriptions)
        .set({ nextBillingDate: due, autorenew: true })
        .where(eq(subscriptions.userId, member.userId));
      const [before] = await db().select().from(profiles).where(eq(profiles.id, member.userId));
      await runRenewals({ db: db() });
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
      expect(sub!.status).toBe("expired");
      expect(
        await db()
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, member.userId), eq(ledgerEntries.kind, "renewal"))),
      ).toEqual([]);
      expect((await db().select().from(profiles).where(eq(profiles.id, member.userId)))[0]!.balance).toBe(
        before!.balance,
      );
    });

    it("unbans: sign-in works again, nothing else comes back; audited", async () => {
      const answer = await account(owner, { intent: "unban" });
      expect(answer.data).toMatchObject({ ok: true });
      expect((await db().select().from(user).where(eq(user.id, member.userId)))[0]).toMatchObject({
        banned: false,
        banReason: null,
      });
      expect(await auditRows("member.unban")).toHaveLength(1);
      const back = await callAction(signIn, {
        path: "/signin",
        form: { email: member.email, password: "Analytical1" },
        clientIp: "10.77.0.3",
      });
      expect(back.status).toBe(302);
      expect(api.callsOf("unbanChatMember").filter((c) => c.params.only_if_banned === undefined)).toEqual([]);
      expect((await account(owner, { intent: "unban" })).status).toBe(409);
    });

    it("refuses to ban a staff account", async () => {
      const answer = await account(owner, { intent: "ban", reason: "x" }, support.userId);
      expect(answer.status).toBe(409);
    });
  });

  it("the removal message names the reason", () => {
    expect(botMessages.removedBanned("VIP Signals")).toContain("banned");
  });
});
