import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as memberPage from "~/routes/admin/members/admin.members.$memberId";
import { loader as exportLoader } from "~/routes/api/dashboard/api.dashboard.data-export";
import { action as deleteAction } from "~/routes/api/dashboard/api.dashboard.delete-account";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { postLedgerEntry } from "#server/billing/ledger";
import { DELETED_NAME, deletedEmail } from "#server/dashboard/delete-member-account";
import {
  account,
  auditLog,
  billingHistory,
  contactSubmissions,
  ledgerEntries,
  memberCarts,
  memberNotes,
  newsletterSubscribers,
  planTelegramChats,
  pricing,
  profiles,
  session,
  subscriptions,
  telegramChatMembers,
  user,
} from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import type { FakeBotApi } from "../../helpers/fake-bot-api";
import { expectLedgerInvariant } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpWithPassword } from "../../helpers/signed-up-member";
import { signUpStaff } from "../../helpers/staff";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";
import { authenticatorCodes, Browser, enrolInBrowser, PASSWORD } from "../../helpers/two-factor-browser";

withTestDataDir("account-deletion");
const CHAT = -1001000000201;
const TELEGRAM_ID = 5550201;

let n = 0;

describeEachDatabase("the member's data and account deletion", (database) => {
  const db = () => database().db;
  let api: FakeBotApi;
  let planId: number;

  async function member(first = "Ada") {
    const name = first.toLowerCase();
    n++;
    return signUpWithPassword(db(), {
      firstName: first,
      email: `${name}-${n}@example.com`,
      telegram: `${name}_del_${n}`,
      ip: `10.31.0.${n}`,
    });
  }

  /** What the export route answers: status, headers and the parsed body. */
  async function download(cookie?: string) {
    const headers: Record<string, string> = { "x-client-ip": "10.31.1.1" };
    if (cookie) headers.cookie = cookie;
    const request = new Request("http://localhost/api/dashboard/data-export", { headers });
    const response = await exportLoader({ request, params: {}, context: {} } as never);
    return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) };
  }

  const remove = (cookie: string, json: unknown) =>
    callAction(deleteAction, { path: "/api/dashboard/delete-account", json, cookie });

  /** A member with money, an invoice, a subscription in a Telegram chat, a newsletter row, a message and a note. */
  async function livedIn(who: { userId: string; email: string }) {
    const telegramId = TELEGRAM_ID + n;
    await postLedgerEntry({
      tx: db(),
      userId: who.userId,
      kind: "deposit",
      amount: 50_000_000n,
      reference: `test:deposit:${who.userId}`,
      memo: "deposit",
    });
    await postLedgerEntry({
      tx: db(),
      userId: who.userId,
      kind: "purchase",
      amount: -30_000_000n,
      reference: `test:purchase:${who.userId}`,
      memo: "VIP Signals",
    });
    await db()
      .insert(billingHistory)
      .values({
        userId: who.userId,
        invoiceId: `INV-DEL-${n}`,
        totalAmount: 30_000_000n,
        status: "paid",
        description: "VIP Signals",
      });
    await db()
      .insert(subscriptions)
      .values({
        userId: who.userId,
        planId,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 86_400_000),
      });
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
      .where(eq(profiles.id, who.userId));
    await db().insert(telegramChatMembers).values({ chatId: CHAT, telegramUserId: telegramId, userId: who.userId });
    api.setChatMember(CHAT, telegramId, "member");
    await db()
      .insert(newsletterSubscribers)
      .values({
        email: who.email.toUpperCase(),
        tokenHash: `hash-${who.userId}`,
        tokenExpiresAt: new Date(Date.now() + 86_400_000),
        confirmedAt: new Date(),
      });
    await db().insert(contactSubmissions).values({
      name: "Ada Tester",
      email: who.email,
      telegram: "@ada",
      message: "Where is my refund?",
      userId: who.userId,
    });
    await db()
      .insert(memberCarts)
      .values({ userId: who.userId, planIds: [planId], billingPeriod: "monthly" });
    await db()
      .insert(memberNotes)
      .values({ userId: who.userId, authorLabel: "support@example.com", body: "Asked about refunds twice" });
    api.reset();
    return telegramId;
  }

  useProcessDatabase(database);
  beforeAll(async () => {
    api = await startSingletonBot(db());
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: `vip-del-${Date.now()}`, name: "VIP Signals", price: 30_000_000n })
      .returning({ id: pricing.id });
    planId = plan!.id;
    await db().insert(planTelegramChats).values({ planId, chatId: CHAT });
  });

  afterAll(() => stopSingletonBot(api));

  beforeEach(() => api.reset());

  describe("download of the member's data", () => {
    it("is for a signed-in member only", async () => {
      const answer = await download();
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ ok: false, signedOut: true });
      expect(answer.headers.get("content-disposition")).toBeNull();
    });

    it("is a JSON attachment of the member's own data, with no secrets and nothing of anyone else", async () => {
      const ada = await member("Ada");
      const bob = await member("Bob");
      await livedIn(ada);
      const answer = await download(ada.cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(answer.headers.get("content-disposition")).toMatch(
        /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const data = answer.body;
      expect(data.profile).toMatchObject({
        email: ada.email,
        firstName: "Ada",
        lastName: "Tester",
        balance: "20000000",
      });
      expect(data.profile.depositAddress).toMatch(/^T/);
      expect(data.ledger.map((l: { amount: string }) => l.amount)).toEqual(["50000000", "-30000000"]);
      expect(data.billing).toEqual([expect.objectContaining({ totalAmount: "30000000", status: "paid" })]);
      expect(data.subscriptions).toEqual([expect.objectContaining({ plan: "VIP Signals", status: "active" })]);
      expect(data.sessions).toHaveLength(1);
      expect(data.supportMessages).toEqual([expect.objectContaining({ message: "Where is my refund?" })]);
      for (const key of ["orders", "deposits", "notifications", "cardPayments", "passkeys"])
        expect(Array.isArray(data[key]), key).toBe(true);
      const text = JSON.stringify(data);
      expect(text).not.toContain(bob.email);
      // No password hash, session token or staff note.
      const [credential] = await db().select().from(account).where(eq(account.userId, ada.userId));
      const [own] = await db().select().from(session).where(eq(session.userId, ada.userId));
      expect(text).not.toContain(credential!.password!);
      expect(text).not.toContain(own!.token);
      expect(text).not.toContain("Asked about refunds");
    });
  });

  describe("deleting the account", () => {
    it("refuses a wrong password and a staff account, changing nothing", async () => {
      const ada = await member("Ada");
      const wrong = await remove(ada.cookie, { password: "Wrong-password1" });
      expect(wrong.status).toBe(400);
      expect(wrong.data).toMatchObject({ ok: false, fieldErrors: { password: "Password is incorrect." } });
      const empty = await remove(ada.cookie, { password: "" });
      expect(empty.status).toBe(400);
      const [row] = await db().select().from(user).where(eq(user.id, ada.userId));
      expect(row).toMatchObject({ email: ada.email, deletedAt: null });

      const staff = await signUpStaff(db(), "support");
      const refused = await remove(staff.cookie, { password: PASSWORD });
      expect(refused.status).toBe(409);
      const [kept] = await db().select().from(user).where(eq(user.id, staff.userId));
      expect(kept!.deletedAt).toBeNull();
    });

    it("without a session is 401, and the limit answers 429 after five tries", async () => {
      expect(
        (await callAction(deleteAction, { path: "/api/dashboard/delete-account", json: { password: "x" } })).status,
      ).toBe(401);
      const ada = await member("Ada");
      const tries = [];
      for (let i = 0; i < 6; i++) tries.push((await remove(ada.cookie, { password: "Wrong-password1" })).status);
      expect(tries).toEqual([400, 400, 400, 400, 400, 429]);
    });

    it("erases who they were, keeps every amount, removes them from Telegram, and frees the address", async () => {
      const ada = await member("Ada");
      const telegramId = await livedIn(ada);
      const [profileBefore] = await db().select().from(profiles).where(eq(profiles.id, ada.userId));
      const ledgerBefore = await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, ada.userId))
        .orderBy(asc(ledgerEntries.id));
      const invoicesBefore = await db().select().from(billingHistory).where(eq(billingHistory.userId, ada.userId));

      const answer = await remove(ada.cookie, { password: PASSWORD });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, deleted: true });
      // This browser's session cookie is cleared, and the next page says it is done.
      expect(answer.cookies?.some((c) => /session_token=;/.test(c))).toBe(true);
      expect(answer.cookies?.some((c) => c.includes("deleted"))).toBe(true);

      // Erased.
      const [who] = await db().select().from(user).where(eq(user.id, ada.userId));
      expect(who).toMatchObject({ email: deletedEmail(ada.userId), name: DELETED_NAME, emailVerified: false });
      expect(who!.deletedAt).toBeInstanceOf(Date);
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, ada.userId));
      expect(profile).toMatchObject({
        firstName: "",
        lastName: "",
        telegramUsername: null,
        telegramVerified: false,
        telegramUserId: null,
      });
      expect(await db().select().from(session).where(eq(session.userId, ada.userId))).toEqual([]);
      expect(await db().select().from(account).where(eq(account.userId, ada.userId))).toEqual([]);
      expect(await db().select().from(memberNotes).where(eq(memberNotes.userId, ada.userId))).toEqual([]);
      expect(await db().select().from(memberCarts).where(eq(memberCarts.userId, ada.userId))).toEqual([]);
      expect(
        await db()
          .select()
          .from(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = ${ada.email}`),
      ).toEqual([]);
      const [message] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.userId, ada.userId));
      expect(message).toMatchObject({ name: DELETED_NAME, email: deletedEmail(ada.userId), telegram: null });

      // Kept: every amount, the balance, the deposit address (never anyone else's).
      expect(profile!.balance).toBe(profileBefore!.balance);
      expect(profile!.walletAddress).toBe(profileBefore!.walletAddress);
      expect(profile!.walletIndex).toBe(profileBefore!.walletIndex);
      expect(
        await db()
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, ada.userId))
          .orderBy(asc(ledgerEntries.id)),
      ).toEqual(ledgerBefore);
      expect(await db().select().from(billingHistory).where(eq(billingHistory.userId, ada.userId))).toEqual(
        invoicesBefore,
      );
      await expectLedgerInvariant(db());
      const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, ada.userId));
      expect(subs.map((s) => [s.status, s.autorenew])).toEqual([["cancelled", false]]);

      // Out of the chat through the bot, told why.
      expect(api.callsOf("banChatMember").map((c) => Number(c.params.chat_id))).toEqual([CHAT]);
      expect(api.messagesTo(telegramId)[0]).toContain("deleted");
      expect(await db().select().from(telegramChatMembers).where(eq(telegramChatMembers.userId, ada.userId))).toEqual(
        [],
      );

      // Audited for the back office, whose member page shows the member as deleted.
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.delete"), eq(auditLog.targetId, ada.userId)));
      expect(audit).toEqual([
        expect.objectContaining({
          actorUserId: ada.userId,
          actorRole: "member",
          after: { deleted: true, sessionsEnded: 1, subscriptionsCancelled: 1 },
        }),
      ]);
      const owner = await signUpStaff(db(), "owner");
      const page = await callLoader(memberPage, {
        path: `/admin/members/${ada.userId}`,
        params: { memberId: ada.userId },
        cookie: owner.cookie,
      });
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ profile: { deletedAt: expect.any(String), email: deletedEmail(ada.userId) } });

      // Cannot sign in, nor use the old cookie; the address opens a new account.
      const browser = new Browser();
      const signIn = await browser.signIn(ada.email);
      expect(signIn.status).toBe(401);
      const dashboard = await callLoader(dashboardLoader, { path: "/dashboard", cookie: ada.cookie });
      expect(dashboard.status).toBe(302);
      const again = await signUpWithPassword(db(), {
        firstName: "Ada",
        lastName: "Again",
        email: ada.email,
        telegram: `ada_again_${n}`,
        ip: "10.31.2.1",
      });
      expect(again.userId).not.toBe(ada.userId);
      const [fresh] = await db().select().from(profiles).where(eq(profiles.id, again.userId));
      expect(fresh!.balance).toBe(0n);
      expect(fresh!.walletAddress).not.toBe(profileBefore!.walletAddress);

      // Once only.
      expect((await remove(ada.cookie, { password: PASSWORD })).status).toBe(401);
    });

    it("with two-factor on asks for its code too: missing or wrong refused, a right one deletes", async () => {
      const enrolled = await enrolInBrowser({ db: db(), tag: "del" });
      const post = (body: unknown) => enrolled.browser.post(deleteAction, "/api/dashboard/delete-account", body);
      const missing = await post({ password: PASSWORD });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ fieldErrors: { code: expect.stringContaining("Two-factor") } });
      const wrong = await post({ password: PASSWORD, code: authenticatorCodes(enrolled.secret).wrong });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ fieldErrors: { code: expect.any(String) } });
      const [still] = await db().select().from(user).where(eq(user.id, enrolled.userId));
      expect(still!.deletedAt).toBeNull();

      const done = await post({ password: PASSWORD, code: enrolled.backupCodes[0] });
      expect(done.status).toBe(200);
      const [gone] = await db().select().from(user).where(eq(user.id, enrolled.userId));
      expect(gone).toMatchObject({ twoFactorEnabled: false, email: deletedEmail(enrolled.userId) });
    });

    it("an account without a password is asked to set one first", async () => {
      const ada = await member("Ada");
      await db().update(account).set({ password: null }).where(eq(account.userId, ada.userId));
      const answer = await remove(ada.cookie, { password: PASSWORD });
      expect(answer.status).toBe(409);
      expect(answer.data).toMatchObject({ error: expect.stringContaining("Forgot password") });
      const [row] = await db().select().from(user).where(eq(user.id, ada.userId));
      expect(row!.deletedAt).toBeNull();
    });
  });
});
