import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { MemberSubscriptionsSection } from "~/components/admin/members/member-subscriptions-section";
import * as page from "~/routes/admin/members/admin.members.$memberId";
import { postLedgerEntry } from "#server/billing/ledger";
import {
  auditLog,
  billingHistory,
  chainDeposits,
  memberNotes,
  notifications,
  pricing,
  session,
  subscriptions,
  telegramChatMembers,
  user,
} from "#server/db/schema";
import { MEMBER_LEDGER_PAGE_SIZE } from "#server/staff/members/get-member-money";
import { createCoverPlans, holdPlan } from "../../helpers/complimentary-cover";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-member-page", { TRON_EXPLORER_URL: "https://tronscan.test/#/transaction/" });

type View = Awaited<ReturnType<typeof page.loader>>;

describeEachDatabase("the member page", (database) => {
  const db = () => database().db;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  let support: Awaited<ReturnType<typeof signUpStaff>>;
  let editor: Awaited<ReturnType<typeof signUpStaff>>;
  let member: Awaited<ReturnType<typeof signUpStaff>>;

  const open = async (who: { cookie: string }, query = "") => {
    const answer = await callLoader(page, {
      path: `/admin/members/${member.userId}${query}`,
      params: { memberId: member.userId },
      cookie: who.cookie,
    });
    return answer;
  };
  const view = async (query = "") => {
    const answer = await open(owner, query);
    expect(answer.status).toBe(200);
    return answer.data as unknown as View;
  };
  const post = (who: { cookie: string }, form: Record<string, string>, memberId = member.userId) =>
    callAction(page, { path: `/admin/members/${memberId}`, params: { memberId }, cookie: who.cookie, form });

  useProcessDatabase(database);
  beforeAll(async () => {
    [owner, support, editor, member] = await Promise.all([
      signUpStaff(db(), "owner"),
      signUpStaff(db(), "support"),
      signUpStaff(db(), "editor"),
      signUpStaff(db(), null),
    ]);
    await db().update(user).set({ twoFactorEnabled: false }).where(eq(user.id, member.userId));
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: `gold-${Date.now()}`, name: "Gold", price: 30_000_000n })
      .returning({ id: pricing.id });
    await db()
      .insert(subscriptions)
      .values({
        userId: member.userId,
        planId: plan!.id,
        billingPeriod: "monthly",
        startDate: new Date("2026-10-01T00:00:00Z"),
        nextBillingDate: new Date("2026-11-01T00:00:00Z"),
        complimentary: true,
      });
    for (let i = 0; i < MEMBER_LEDGER_PAGE_SIZE + 2; i++) {
      await postLedgerEntry({
        tx: db(),
        userId: member.userId,
        kind: "deposit",
        amount: 1_000_000n + BigInt(i),
        reference: `test:deposit:${member.userId}:${i}`,
        memo: `deposit ${i}`,
      });
    }
    await db()
      .insert(chainDeposits)
      .values({
        txId: "abc123",
        eventIndex: 0,
        userId: member.userId,
        toAddress: "TTo",
        fromAddress: "TFrom",
        amount: 5_000_000n,
        blockNumber: 1,
        blockTimestamp: new Date("2026-10-02T00:00:00Z"),
      });
    await db()
      .insert(billingHistory)
      .values({ userId: member.userId, invoiceId: `INV-${Date.now()}`, totalAmount: 30_000_000n, status: "paid" });
    await db().insert(notifications).values({
      userId: member.userId,
      kind: "renewal_failed",
      emailAttempts: 2,
      lastError: "SMTP down",
      telegramStatus: "failed",
      telegramError: "blocked",
    });
    await db()
      .insert(telegramChatMembers)
      .values([
        { chatId: -100123, telegramUserId: 777, userId: member.userId, joinedAt: new Date("2026-10-01T00:00:00Z") },
        // The bot could not remove them from this one: it lost its rights there.
        {
          chatId: -100456,
          telegramUserId: 777,
          userId: member.userId,
          joinedAt: new Date("2026-10-02T00:00:00Z"),
          removalAttempts: 3,
          removalError: "Bad Request: not enough rights to restrict/demote chat member",
          removalFailedAt: new Date("2026-11-01T10:00:00Z"),
          removalNextAt: new Date("2026-11-01T10:04:00Z"),
        },
      ]);
  });

  it("shows the profile, account state, sessions and Telegram link", async () => {
    const v = await view();
    expect(v.profile).toMatchObject({
      id: member.userId,
      email: member.email,
      firstName: "Sam",
      emailVerified: true,
      twoFactorEnabled: false,
      staffRole: null,
      banned: false,
      banReason: null,
    });
    expect(v.sessions).toHaveLength(1);
    expect(v.sessions[0]).toMatchObject({ ipAddress: expect.any(String) });
    expect(v.telegram).toMatchObject({ username: expect.stringMatching(/^sam_/), verified: false, userId: null });
    expect(v.telegram.chats).toEqual([
      { chatId: "-100123", joinedAt: "2026-10-01T00:00:00.000Z", removalFailed: null },
      {
        chatId: "-100456",
        joinedAt: "2026-10-02T00:00:00.000Z",
        removalFailed: {
          error: "Bad Request: not enough rights to restrict/demote chat member",
          nextAttemptAt: "2026-11-01T10:04:00.000Z",
        },
      },
    ]);
  });

  it("shows a staff member's role", async () => {
    const answer = await callLoader(page, {
      path: `/admin/members/${support.userId}`,
      params: { memberId: support.userId },
      cookie: owner.cookie,
    });
    expect((answer.data as unknown as View).profile.staffRole).toBe("support");
  });

  it("shows subscriptions with the complimentary flag", async () => {
    const v = await view();
    expect(v.subscriptions).toEqual([
      expect.objectContaining({
        planName: "Gold",
        billingPeriod: "monthly",
        status: "active",
        startDate: "2026-10-01T00:00:00.000Z",
        nextBillingDate: "2026-11-01T00:00:00.000Z",
        autorenew: true,
        complimentary: true,
      }),
    ]);
  });

  it("says which complimentary plan covers a paid plan, and until when it is not charged", async () => {
    const other = await createMember(db(), { firstName: "Cora" });
    const plans = await createCoverPlans(db());
    const due = new Date("2027-01-10T00:00:00Z");
    await holdPlan(db(), {
      userId: other.id,
      planId: plans.all.id,
      due: new Date("2027-03-01T00:00:00Z"),
      complimentary: true,
    });
    await holdPlan(db(), { userId: other.id, planId: plans.vip.id, due });
    // Its channel is outside the gift: charged as usual.
    await holdPlan(db(), { userId: other.id, planId: plans.bot.id, due });
    const answer = await callLoader(page, {
      path: `/admin/members/${other.id}`,
      params: { memberId: other.id },
      cookie: owner.cookie,
    });
    const { subscriptions: rows } = answer.data as unknown as View;
    const covered = (name: string) => rows.find((r) => r.planName === name)?.coveredBy;
    expect(covered("VIP Signals")).toEqual({ gift: "All-in-One", until: "2027-03-01T00:00:00.000Z" });
    expect(covered("Signals Bot")).toBeNull();
    expect(covered("All-in-One")).toBeNull();
    const html = renderToStaticMarkup(createElement(MemberSubscriptionsSection, { subscriptions: rows, write: null }));
    expect(html).toContain("Covered by complimentary All-in-One until Mar 1, 2027: not charged until then.");
    expect(html.match(/Covered by/g)).toHaveLength(1);
  });

  it("shows the balance, the whole ledger paged newest first, deposits linked to the explorer and invoices", async () => {
    const v = await view();
    const total = MEMBER_LEDGER_PAGE_SIZE + 2;
    expect(v.money.balance).toBe(String(BigInt(total) * 1_000_000n + BigInt((total * (total - 1)) / 2)));
    expect(v.money.ledger).toMatchObject({ page: 1, pageCount: 2, total });
    expect(v.money.ledger.rows).toHaveLength(MEMBER_LEDGER_PAGE_SIZE);
    expect(v.money.ledger.rows[0]).toMatchObject({ kind: "deposit", memo: `deposit ${total - 1}` });
    const second = await view("?ledger=2");
    expect(second.money.ledger.rows.map((r) => r.memo)).toEqual(["deposit 1", "deposit 0"]);
    // A page past the end shows the last one.
    expect((await view("?ledger=99")).money.ledger.page).toBe(2);
    expect(v.money.deposits).toEqual([
      expect.objectContaining({
        txId: "abc123",
        amount: "5000000",
        explorerUrl: "https://tronscan.test/#/transaction/abc123",
      }),
    ]);
    expect(v.money.invoices).toEqual([expect.objectContaining({ totalAmount: "30000000", status: "paid" })]);
  });

  it("shows the notifications with how each delivery went", async () => {
    const v = await view();
    expect(v.notifications).toEqual([
      expect.objectContaining({
        kind: "renewal_failed",
        emailSentAt: null,
        emailAttempts: 2,
        lastError: "SMTP down",
        telegramStatus: "failed",
        telegramError: "blocked",
      }),
    ]);
  });

  it("is 404 for an unknown member, and tells each role what it may do", async () => {
    const missing = await callLoader(page, {
      path: "/admin/members/nobody",
      params: { memberId: "nobody" },
      cookie: owner.cookie,
    });
    expect(missing.status).toBe(404);
    expect((await view()).abilities).toEqual({
      assist: true,
      write: true,
      adjustMoney: true,
      fixTelegram: true,
      readAudit: true,
      readReferrals: true,
    });
    const asSupport = (await open(support)).data as unknown as View;
    expect(asSupport.abilities).toEqual({
      assist: true,
      write: false,
      adjustMoney: false,
      fixTelegram: true,
      readAudit: false,
      readReferrals: false,
    });
    expect((await open(editor)).status).toBe(404);
  });

  describe("internal notes", () => {
    it("adds a note with its author, audited, shown newest first", async () => {
      const answer = await post(support, { intent: "note", body: "Called about a renewal.\nAll good." });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true });
      await post(owner, { intent: "note", body: "Second note" });
      const v = await view();
      expect(v.notes.map((n) => [n.body, n.authorLabel])).toEqual([
        ["Second note", owner.email],
        ["Called about a renewal.\nAll good.", support.email],
      ]);
      const history = v.history.entries.filter((e) => e.action === "member.note");
      expect(history[0]).toMatchObject({
        actorLabel: owner.email,
        changes: [{ field: "Note", before: null, after: "Second note" }],
      });
    });

    it("refuses an empty note and a note for nobody, writing nothing", async () => {
      const before = await db().select().from(memberNotes);
      const empty = await post(support, { intent: "note", body: "   " });
      expect(empty.status).toBe(400);
      expect(empty.data).toMatchObject({ ok: false, fieldErrors: { body: "Note is required" } });
      const nobody = await post(support, { intent: "note", body: "x" }, "nobody");
      expect(nobody.status).toBe(404);
      expect(await db().select().from(memberNotes)).toHaveLength(before.length);
    });

    it("is not for an editor", async () => {
      const answer = await post(editor, { intent: "note", body: "x" });
      expect(answer.status).toBe(404);
    });
  });

  describe("sign out everywhere", () => {
    it("ends every session of the member at once, audited with the count", async () => {
      const second = await signUpStaff(db(), null);
      // A second device of the same member: move the other account's session over.
      await db().update(session).set({ userId: member.userId }).where(eq(session.userId, second.userId));
      expect(await db().select().from(session).where(eq(session.userId, member.userId))).toHaveLength(2);
      const answer = await post(support, { intent: "sign-out-everywhere" });
      expect(answer.data).toMatchObject({ ok: true, revoked: 2 });
      expect(await db().select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
      const [row] = await db().select().from(auditLog).where(eq(auditLog.action, "member.sign-out-everywhere"));
      expect(row).toMatchObject({
        targetType: "member",
        targetId: member.userId,
        before: { sessions: 2 },
        after: { sessions: 0 },
      });
      // The member's cookie no longer opens anything.
      const stale = await callLoader(page, {
        path: `/admin/members/${member.userId}`,
        params: { memberId: member.userId },
        cookie: member.cookie,
      });
      expect(stale.status).toBe(302);
    });
  });
});
