import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { pricing, profiles, subscriptions, telegramChatMembers } from "#server/db/schema";
import { createRenewalJob } from "#server/jobs/renewal-job";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { recordChatMember } from "#server/telegram/entitlements";
import { botMessages } from "#server/telegram/messages";
import { REMOVAL_BAN_SECONDS } from "#server/telegram/remove-expired-access";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";

const VIP_CHAT = -1001000000102;
const BOT_CHAT = -1001000000101;
const DASHBOARD = "https://signals.example/dashboard";
const DAY = 86_400_000;
const MINUTE = 60_000;
const NO_RIGHTS = { error_code: 400, description: "Bad Request: not enough rights to restrict/demote chat member" };

setTestEnv({ PUBLIC_URL: "https://signals.example" });

describeEachDatabase("telegram: the renewal job sweeps the paid chats every run", (database) => {
  let api: FakeBotApi;
  let bot: TelegramBot;
  const db = () => database().db;
  const plans: Record<string, number> = {};
  let nextTelegramId = 19_000;

  beforeAll(async () => {
    api = await startFakeBotApi();
    bot = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
      brandName: "NovaSignals",
    })!;
    const rows = await db()
      .insert(pricing)
      .values([
        { planId: "vip-monthly", name: "VIP Monthly", price: 49_000_000n, published: true, displayOrder: 1 },
        { planId: "vip-bundle", name: "VIP Bundle", price: 69_000_000n, published: true, displayOrder: 2 },
        { planId: "signals-bot", name: "Signals Bot", price: 29_000_000n, published: true, displayOrder: 3 },
      ])
      .returning();
    for (const row of rows) plans[row.planId] = row.id;
    // Two plans unlock the VIP chat: ending one of them leaves a member of both in it.
    await seedPlanChats({
      db: db(),
      planChats: { "vip-monthly": [VIP_CHAT], "vip-bundle": [VIP_CHAT, BOT_CHAT], "signals-bot": [BOT_CHAT] },
    });
  });
  afterAll(async () => api?.close());
  beforeEach(() => api.reset());

  /** A verified member with the given plans, let into the chats they unlock (as the bot records it). */
  const memberInChats = async (planIds: string[], values: Partial<typeof subscriptions.$inferInsert> = {}) => {
    const telegramId = ++nextTelegramId;
    const m = await createMember(db(), { telegramUsername: `sweep${telegramId}` });
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
      .where(eq(profiles.id, m.id));
    const subs = [];
    for (const plan of planIds) {
      const [row] = await db()
        .insert(subscriptions)
        .values({
          userId: m.id,
          planId: plans[plan]!,
          billingPeriod: "monthly",
          nextBillingDate: new Date(Date.now() + 20 * DAY),
          ...values,
        })
        .returning();
      subs.push(row!);
    }
    const chats = planIds.includes("vip-bundle")
      ? [VIP_CHAT, BOT_CHAT]
      : planIds.map((p) => (p === "vip-monthly" ? VIP_CHAT : BOT_CHAT));
    for (const chatId of chats) {
      await recordChatMember({ db: db(), row: { chatId, telegramUserId: telegramId, userId: m.id } });
      api.setChatMember(chatId, telegramId, "member");
    }
    return { ...m, telegramId, subs };
  };
  const endNow = (subscriptionId: string) =>
    db()
      .update(subscriptions)
      .set({ status: "cancelled", autorenew: false })
      .where(eq(subscriptions.id, subscriptionId));
  const callsFor = (method: string, telegramId: number) =>
    api.callsOf(method).filter((c) => Number(c.params.user_id) === telegramId);
  const rowOf = async (telegramId: number) =>
    (await db().select().from(telegramChatMembers).where(eq(telegramChatMembers.telegramUserId, telegramId)))[0];

  it("removes a member whose subscription ended outside the job on its next run; one with another plan for the chat stays", async () => {
    const job = createRenewalJob({ db: db(), bot });
    // The process's first run checks every recorded member; later runs only recent endings.
    await job();
    const lapsed = await memberInChats(["vip-monthly"]);
    const bundled = await memberInChats(["vip-monthly", "vip-bundle"]);
    const untouched = await memberInChats(["signals-bot"]);
    // Ended by an operator's command that had no bot (as `renewals --run-now` on PostgreSQL
    // without the token), and by a staff member's change made elsewhere.
    await db()
      .update(subscriptions)
      .set({ autorenew: false, nextBillingDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, lapsed.subs[0]!.id));
    expect((await runRenewals({ db: db() })).expired).toBeGreaterThanOrEqual(1);
    await endNow(bundled.subs[0]!.id);
    api.reset();

    const result = await job();
    expect(result).toMatchObject({ removedFromChats: 1, chatRemovalsFailed: 0 });
    expect(callsFor("banChatMember", lapsed.telegramId).map((c) => c.params.chat_id)).toEqual([VIP_CHAT]);
    expect(api.chatMemberStatus(VIP_CHAT, lapsed.telegramId)).toBe("left");
    expect(api.messagesTo(lapsed.telegramId)).toEqual([botMessages.removed("VIP Monthly", DASHBOARD)]);
    expect(await rowOf(lapsed.telegramId)).toBeUndefined();
    // Still entitled to the VIP chat through the bundle: not asked about, not removed.
    expect(api.calls.filter((c) => Number(c.params.user_id) === bundled.telegramId)).toEqual([]);
    expect(api.chatMemberStatus(VIP_CHAT, bundled.telegramId)).toBe("member");
    expect(await rowOf(bundled.telegramId)).toBeDefined();
    expect(await rowOf(untouched.telegramId)).toBeDefined();

    // Nothing ended since: the next run asks Telegram nothing.
    api.reset();
    expect(await job()).toMatchObject({ removedFromChats: 0, chatRemovalsFailed: 0 });
    expect(api.calls).toEqual([]);
  });

  it("retries a failed removal on a later run, backing off per member: 1 minute, doubling, at most an hour", async () => {
    const job = createRenewalJob({ db: db(), bot });
    await job();
    const m = await memberInChats(["signals-bot"], { autorenew: false, nextBillingDate: new Date(Date.now() - 1000) });
    const healthy = await memberInChats(["signals-bot"]);
    // The bot lost its rights in the chat: the ban is refused.
    api.failNext("banChatMember", NO_RIGHTS);
    const t0 = new Date();
    expect(await job(t0)).toMatchObject({ expired: 1, removedFromChats: 0, chatRemovalsFailed: 1 });
    expect(await rowOf(m.telegramId)).toMatchObject({
      removalAttempts: 1,
      removalError: expect.stringContaining("not enough rights") as string,
      removalFailedAt: t0,
      removalNextAt: new Date(t0.getTime() + MINUTE),
    });

    /** Runs the job at `at` and says whether it asked Telegram about the member. */
    const triedAt = async (at: number) => {
      api.reset();
      await job(new Date(at));
      return callsFor("getChatMember", m.telegramId).length > 0;
    };
    // Each back-off holds until its end, not a moment longer: a run just before does not try,
    // the first run at its end does (and fails again, doubling the wait).
    let failedAt = t0.getTime();
    for (const minutes of [1, 2, 4, 8]) {
      expect(await triedAt(failedAt + minutes * MINUTE - 1000)).toBe(false);
      api.failNext("banChatMember", NO_RIGHTS);
      expect(await triedAt(failedAt + minutes * MINUTE)).toBe(true);
      failedAt += minutes * MINUTE;
      expect((await rowOf(m.telegramId))!.removalNextAt).toEqual(new Date(failedAt + 2 * minutes * MINUTE));
    }
    // After many failures the wait stops growing at an hour.
    await db()
      .update(telegramChatMembers)
      .set({ removalAttempts: 11 })
      .where(eq(telegramChatMembers.telegramUserId, m.telegramId));
    api.failNext("banChatMember", NO_RIGHTS);
    expect(await triedAt(failedAt + 16 * MINUTE)).toBe(true);
    failedAt += 16 * MINUTE;
    expect(await rowOf(m.telegramId)).toMatchObject({
      removalAttempts: 12,
      removalNextAt: new Date(failedAt + 60 * MINUTE),
    });
    expect(await triedAt(failedAt + 60 * MINUTE - 1000)).toBe(false);
    // Rights restored: the next due run removes them, tells them, and forgets the row.
    expect(await triedAt(failedAt + 60 * MINUTE)).toBe(true);
    expect(api.chatMemberStatus(BOT_CHAT, m.telegramId)).toBe("left");
    expect(api.messagesTo(m.telegramId)).toEqual([botMessages.removed("Signals Bot", DASHBOARD)]);
    expect(await rowOf(m.telegramId)).toBeUndefined();
    // The entitled member in the same chat was never asked about.
    expect(await rowOf(healthy.telegramId)).toMatchObject({ removalAttempts: 0, removalNextAt: null });
  });

  it("a removal whose unban fails is done, not failed: the member is out, told, forgotten, and banned for ten minutes only", async () => {
    const job = createRenewalJob({ db: db(), bot });
    await job();
    const m = await memberInChats(["signals-bot"]);
    await endNow(m.subs[0]!.id);
    api.failNext("unbanChatMember", { error_code: 502, description: "Bad Gateway" });
    const before = Math.floor(Date.now() / 1000);
    expect(await job()).toMatchObject({ removedFromChats: 1, chatRemovalsFailed: 0 });
    const after = Math.floor(Date.now() / 1000);
    // The ban carries its own end, so the failed unban cannot leave them banned for ever: ten
    // minutes from the call (Telegram takes under 30 seconds or over 366 days as for ever).
    const [ban] = callsFor("banChatMember", m.telegramId);
    const until = Number(ban!.params.until_date);
    expect(REMOVAL_BAN_SECONDS).toBe(600);
    expect(until).toBeGreaterThanOrEqual(before + 600);
    expect(until).toBeLessThanOrEqual(after + 600);
    expect(callsFor("unbanChatMember", m.telegramId)).toHaveLength(1);
    expect(api.chatMemberStatus(BOT_CHAT, m.telegramId)).toBe("kicked");
    expect(api.messagesTo(m.telegramId)).toEqual([botMessages.removed("Signals Bot", DASHBOARD)]);
    // Not kept as a failure to retry: the row is gone and later runs ask Telegram nothing.
    expect(await rowOf(m.telegramId)).toBeUndefined();
    api.reset();
    expect(await job(new Date(Date.now() + 2 * MINUTE))).toMatchObject({ removedFromChats: 0, chatRemovalsFailed: 0 });
    expect(api.calls.filter((c) => Number(c.params.user_id) === m.telegramId)).toEqual([]);
  });

  it("drops a pending removal once the member is entitled again", async () => {
    const job = createRenewalJob({ db: db(), bot });
    await job();
    const m = await memberInChats(["vip-monthly"]);
    await endNow(m.subs[0]!.id);
    api.failNext("getChatMember", { error_code: 502, description: "Bad Gateway" });
    const t0 = new Date();
    expect(await job(t0)).toMatchObject({ chatRemovalsFailed: 1 });
    expect(await rowOf(m.telegramId)).toMatchObject({ removalAttempts: 1, removalError: expect.any(String) as string });
    // They pay again before the retry.
    await db()
      .insert(subscriptions)
      .values({
        userId: m.id,
        planId: plans["vip-monthly"]!,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 30 * DAY),
      });
    api.reset();
    await job(new Date(t0.getTime() + MINUTE));
    expect(callsFor("getChatMember", m.telegramId)).toEqual([]);
    expect(await rowOf(m.telegramId)).toMatchObject({
      removalAttempts: 0,
      removalError: null,
      removalFailedAt: null,
      removalNextAt: null,
    });
    expect(api.chatMemberStatus(VIP_CHAT, m.telegramId)).toBe("member");
  });
});
