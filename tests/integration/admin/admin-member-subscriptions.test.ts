import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as route from "~/routes/api/admin/api.admin.members.$memberId.subscriptions";
import { runRenewals } from "#server/billing/renew-subscriptions";
import {
  auditLog,
  billingHistory,
  ledgerEntries,
  notifications,
  planTelegramChats,
  pricing,
  profiles,
  subscriptions,
  telegramChatMembers,
} from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import type { FakeBotApi } from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";
import { callAction } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";

withTestDataDir("admin-member-subscriptions");

const DAY = 24 * 60 * 60 * 1000;
const CHAT = -100777;
const TELEGRAM_USER = 4242;

describeEachDatabase("the member page's subscription changes", (database) => {
  const db = () => database().db;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  let support: Awaited<ReturnType<typeof signUpStaff>>;
  let api: FakeBotApi;
  let gold: number;
  let silver: number;

  const post = (who: { cookie: string }, memberId: string, form: Record<string, string>) =>
    callAction(route, {
      path: `/api/admin/members/${memberId}/subscriptions`,
      params: { memberId },
      cookie: who.cookie,
      form,
    });
  const subscribe = async (memberId: string, values: Partial<typeof subscriptions.$inferInsert> = {}) => {
    const [sub] = await db()
      .insert(subscriptions)
      .values({
        userId: memberId,
        planId: gold,
        billingPeriod: "monthly",
        startDate: new Date("2026-10-01T00:00:00Z"),
        nextBillingDate: new Date("2026-12-01T00:00:00Z"),
        autorenew: true,
        ...values,
      })
      .returning();
    return sub!;
  };
  const audits = (memberId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, memberId), eq(auditLog.action, action)));

  useProcessDatabase(database);
  beforeAll(async () => {
    api = await startSingletonBot(db());
    [owner, support] = await Promise.all([signUpStaff(db(), "owner"), signUpStaff(db(), "support")]);
    const plans = await db()
      .insert(pricing)
      .values([
        { planId: `gold-${Date.now()}`, name: "Gold", price: 30_000_000n, published: true },
        { planId: `silver-${Date.now()}`, name: "Silver", price: 10_000_000n, published: true },
      ])
      .returning({ id: pricing.id });
    [gold, silver] = plans.map((p) => p.id) as [number, number];
    await db().insert(planTelegramChats).values({ planId: gold, chatId: CHAT });
  });

  afterAll(() => stopSingletonBot(api));

  it("extends by N days, audited before → after", async () => {
    const m = await createMember(db());
    const sub = await subscribe(m.id);
    const answer = await post(owner, m.id, { intent: "extend", subscriptionId: sub.id, days: "10" });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after!.nextBillingDate!.getTime()).toBe(sub.nextBillingDate!.getTime() + 10 * DAY);
    const [row] = await audits(m.id, "member.subscription-extend");
    expect(row).toMatchObject({
      actorLabel: owner.email,
      targetType: "member",
      before: { nextBillingDate: "2026-12-01T00:00:00.000Z" },
      after: { nextBillingDate: "2026-12-11T00:00:00.000Z" },
    });
  });

  it("refuses to extend a lifetime plan, bad day counts and someone else's subscription", async () => {
    const m = await createMember(db());
    const other = await createMember(db());
    const lifetime = await subscribe(m.id, { billingPeriod: "lifetime", nextBillingDate: null, autorenew: false });
    const refused = await post(owner, m.id, { intent: "extend", subscriptionId: lifetime.id, days: "5" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, error: expect.stringMatching(/lifetime/i) });
    for (const days of ["0", "3651", "1.5", "x"]) {
      const bad = await post(owner, m.id, { intent: "extend", subscriptionId: lifetime.id, days });
      expect(bad.status, days).toBe(400);
      expect(bad.data).toMatchObject({ ok: false, fieldErrors: { days: expect.any(String) } });
    }
    const notTheirs = await post(owner, other.id, { intent: "extend", subscriptionId: lifetime.id, days: "5" });
    expect(notTheirs.status).toBe(404);
    expect(await audits(m.id, "member.subscription-extend")).toHaveLength(0);
  });

  it("cancels now: cancelled, removed from the plan's chat by the bot, audited", async () => {
    const m = await createMember(db());
    await db()
      .update(profiles)
      .set({ telegramUserId: BigInt(TELEGRAM_USER) })
      .where(eq(profiles.id, m.id));
    // A change the member scheduled for the renewal ends with the subscription: it never renews.
    const sub = await subscribe(m.id, {
      scheduledPlanId: silver,
      scheduledBillingPeriod: "monthly",
      scheduledAt: new Date("2026-10-05T00:00:00Z"),
    });
    await db().insert(telegramChatMembers).values({ chatId: CHAT, telegramUserId: TELEGRAM_USER, userId: m.id });
    api.setChatMember(CHAT, TELEGRAM_USER, "member");
    const answer = await post(owner, m.id, { intent: "cancel-now", subscriptionId: sub.id });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, removedFromChats: 1 } });
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({
      status: "cancelled",
      autorenew: false,
      scheduledPlanId: null,
      scheduledBillingPeriod: null,
      scheduledAt: null,
    });
    expect(api.chatMemberStatus(CHAT, TELEGRAM_USER)).toBe("left");
    const [row] = await audits(m.id, "member.subscription-cancel");
    expect(row).toMatchObject({ before: { status: "active" }, after: { status: "cancelled" } });
    const again = await post(owner, m.id, { intent: "cancel-now", subscriptionId: sub.id });
    expect(again.status).toBe(409);
  });

  it("cancels at period end: autorenew off, then it lapses on its date with no charge", async () => {
    const m = await createMember(db(), { balance: 100_000_000n });
    const sub = await subscribe(m.id);
    const answer = await post(owner, m.id, { intent: "cancel-at-period-end", subscriptionId: sub.id });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    const [row] = await audits(m.id, "member.subscription-cancel-at-period-end");
    expect(row).toMatchObject({ before: { autorenew: true }, after: { autorenew: false } });
    await runRenewals({ db: db(), now: new Date(sub.nextBillingDate!.getTime() + 1000) });
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after!.status).toBe("expired");
    const charges = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, m.id), eq(ledgerEntries.kind, "renewal")));
    expect(charges).toHaveLength(0);
  });

  it("gives a complimentary plan: no money, billing row 0 'Complimentary', access notice, audited", async () => {
    const m = await createMember(db(), { balance: 50_000_000n });
    const answer = await post(owner, m.id, { intent: "comp", planId: String(gold), period: "days", days: "45" });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    expect(sub).toMatchObject({ planId: gold, status: "active", complimentary: true, autorenew: false });
    expect(sub!.nextBillingDate!.getTime() - sub!.startDate.getTime()).toBe(45 * DAY);
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, m.id));
    expect(ledger).toHaveLength(1); // the opening balance only
    const bills = await db().select().from(billingHistory).where(eq(billingHistory.userId, m.id));
    expect(bills).toEqual([expect.objectContaining({ totalAmount: 0n, paymentType: "Complimentary", status: "paid" })]);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, m.id));
    expect(notices.map((n) => n.kind)).toEqual(["purchase_confirmed"]);
    const [row] = await audits(m.id, "member.subscription-comp");
    expect(row).toMatchObject({ before: null, after: { plan: "Gold", complimentary: true } });

    const lifetime = await post(owner, m.id, { intent: "comp", planId: String(silver), period: "lifetime" });
    expect(lifetime.status).toBe(200);
    const [silverSub] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, m.id), eq(subscriptions.planId, silver)));
    expect(silverSub).toMatchObject({ billingPeriod: "lifetime", nextBillingDate: null, complimentary: true });
  });

  it("refuses comping a plan the member already has active, and bad periods, writing nothing", async () => {
    const m = await createMember(db());
    await subscribe(m.id);
    const refused = await post(owner, m.id, { intent: "comp", planId: String(gold), period: "monthly" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, error: expect.stringMatching(/already has an active/) });
    const noDays = await post(owner, m.id, { intent: "comp", planId: String(silver), period: "days", days: "" });
    expect(noDays).toMatchObject({ status: 400, data: { fieldErrors: { days: expect.any(String) } } });
    const badPeriod = await post(owner, m.id, { intent: "comp", planId: String(silver), period: "weekly" });
    expect(badPeriod.status).toBe(400);
    expect(await db().select().from(billingHistory).where(eq(billingHistory.userId, m.id))).toHaveLength(0);
    expect(await audits(m.id, "member.subscription-comp")).toHaveLength(0);
  });

  it("never renews or charges a complimentary plan, even with autorenew switched on", async () => {
    const m = await createMember(db(), { balance: 100_000_000n });
    const sub = await subscribe(m.id, { complimentary: true, autorenew: true });
    await runRenewals({ db: db(), now: new Date(sub.nextBillingDate!.getTime() + 1000) });
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after!.status).toBe("expired");
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, m.id));
    expect(profile!.balance).toBe(100_000_000n);
    const bills = await db().select().from(billingHistory).where(eq(billingHistory.userId, m.id));
    expect(bills).toHaveLength(0);
  });

  it("is refused to support (no members.write)", async () => {
    const m = await createMember(db());
    const sub = await subscribe(m.id);
    const answer = await post(support, m.id, { intent: "extend", subscriptionId: sub.id, days: "10" });
    expect(answer.status).toBe(404);
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after!.nextBillingDate).toEqual(sub.nextBillingDate);
  });
});
