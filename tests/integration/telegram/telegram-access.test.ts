import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { startTrial } from "#server/billing/start-trial";
import { pricing, profiles, subscriptions, telegramChatMembers, user } from "#server/db/schema";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { botMessages } from "#server/telegram/messages";
import { reconcileTelegramAccess, runDailyTelegramReconcile } from "#server/telegram/reconcile-telegram-access";
import { removeExpiredAccess } from "#server/telegram/remove-expired-access";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { telegramWebhookMiddleware } from "#server/telegram/telegram-webhook";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import {
  chatMemberUpdate,
  joinRequestUpdate,
  messageUpdate,
  postUpdate,
  serveWebhook,
  startFakeBotApi,
  type FakeBotApi,
} from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";

const SECRET = "webhook-secret-0123456789";
const VIP_CHAT = -1001000000002;
const BOT_CHAT = -1001000000001;
const DASHBOARD = "https://signals.example/dashboard";
const DAY = 86_400_000;

setTestEnv({ PUBLIC_URL: "https://signals.example" });

describeEachDatabase("telegram bot: access to the paid chats", (database) => {
  let api: FakeBotApi;
  let bot: TelegramBot;
  let hook: Awaited<ReturnType<typeof serveWebhook>>;
  const db = () => database().db;
  const plans: Record<string, number> = {};
  let nextTelegramId = 9000;

  beforeAll(async () => {
    api = await startFakeBotApi();
    bot = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
      brandName: "NovaSignals",
    })!;
    hook = await serveWebhook(telegramWebhookMiddleware({ bot, secret: SECRET }));
    const rows = await db()
      .insert(pricing)
      .values([
        { planId: "vip-signals", name: "VIP Signals", price: 49_000_000n, published: true, displayOrder: 1 },
        { planId: "signals-bot", name: "Signals Bot", price: 29_000_000n, published: true, displayOrder: 2 },
        { planId: "indicator-pro", name: "Indicator Pro", price: 19_000_000n, published: true, displayOrder: 3 },
      ])
      .returning();
    for (const row of rows) plans[row.planId] = row.id;
    const seeded = await seedPlanChats({
      db: db(),
      planChats: { "vip-signals": [VIP_CHAT], "signals-bot": [BOT_CHAT], "no-such-plan": [-1] },
    });
    expect(seeded).toEqual({ plans: 2, chats: 2, unknownPlans: ["no-such-plan"] });
  });
  afterAll(async () => {
    await hook?.close();
    await api?.close();
  });
  beforeEach(() => api.reset());

  const send = async (update: unknown) => expect((await postUpdate(hook.url, update, SECRET)).status).toBe(200);
  /** A member verified in Telegram as `telegramId`. */
  const verifiedMember = async (options: { balance?: bigint } = {}) => {
    const telegramId = ++nextTelegramId;
    const m = await createMember(db(), {
      telegramUsername: `member${telegramId}`,
      firstName: "Ada",
      balance: options.balance,
    });
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
      .where(eq(profiles.id, m.id));
    return { ...m, telegramId, user: { id: telegramId, username: `member${telegramId}` } };
  };
  const subscribe = async (userId: string, plan: string, values: Partial<typeof subscriptions.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(subscriptions)
      .values({
        userId,
        planId: plans[plan]!,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 20 * DAY),
        ...values,
      })
      .returning();
    return row!;
  };
  const chatMembers = (telegramUserId: number) =>
    db().select().from(telegramChatMembers).where(eq(telegramChatMembers.telegramUserId, telegramUserId));

  it("approves a join request for the entitled member only and declines everyone else", async () => {
    const m = await verifiedMember();
    await subscribe(m.id, "vip-signals");
    await send(joinRequestUpdate(m.user, { id: VIP_CHAT }));
    expect(api.callsOf("approveChatJoinRequest").map((c) => c.params)).toEqual([
      { chat_id: VIP_CHAT, user_id: m.telegramId },
    ]);
    expect(await chatMembers(m.telegramId)).toMatchObject([{ chatId: VIP_CHAT, userId: m.id }]);

    // A stranger holding the forwarded link, and a member whose plan does not unlock this chat.
    const stranger = { id: 777_001, username: "forwarded_link" };
    const other = await verifiedMember();
    await subscribe(other.id, "signals-bot");
    api.reset();
    await send(joinRequestUpdate(stranger, { id: VIP_CHAT }));
    await send(joinRequestUpdate(other.user, { id: VIP_CHAT }));
    expect(api.callsOf("approveChatJoinRequest")).toEqual([]);
    expect(api.callsOf("declineChatJoinRequest").map((c) => c.params)).toEqual([
      { chat_id: VIP_CHAT, user_id: stranger.id },
      { chat_id: VIP_CHAT, user_id: other.telegramId },
    ]);
    expect(api.messagesTo(stranger.id)).toEqual([botMessages.joinDeclined(DASHBOARD)]);
    expect(await chatMembers(stranger.id)).toEqual([]);
  });

  it("removes a member from the chat when the subscription expires (ban, then unban) and says why", async () => {
    const m = await verifiedMember();
    const sub = await subscribe(m.id, "vip-signals", {
      autorenew: false,
      nextBillingDate: new Date(Date.now() - 1000),
    });
    await send(joinRequestUpdate(m.user, { id: VIP_CHAT }));
    expect(api.chatMemberStatus(VIP_CHAT, m.telegramId)).toBe("member");
    // Narrowed to other subscriptions, nobody is touched.
    const unrelated = await verifiedMember();
    const unrelatedSub = await subscribe(unrelated.id, "signals-bot");
    expect(await removeExpiredAccess({ db: db(), bot, subscriptionIds: [unrelatedSub.id] })).toEqual({
      removed: 0,
      failed: 0,
    });

    expect((await runRenewals({ db: db() })).expired).toBeGreaterThanOrEqual(1);
    api.reset();
    // Two instances sweeping at once remove (and message) the member once.
    const sweeps = await Promise.all([
      removeExpiredAccess({ db: db(), bot, subscriptionIds: [sub.id] }),
      removeExpiredAccess({ db: db(), bot }),
    ]);
    expect(sweeps[0].removed + sweeps[1].removed).toBe(1);
    expect(api.calls.map((c) => c.method)).toEqual([
      "getChatMember",
      "banChatMember",
      "unbanChatMember",
      "sendMessage",
    ]);
    expect(api.callsOf("unbanChatMember")[0]!.params).toMatchObject({
      chat_id: VIP_CHAT,
      user_id: m.telegramId,
      only_if_banned: true,
    });
    expect(api.chatMemberStatus(VIP_CHAT, m.telegramId)).toBe("left");
    expect(api.messagesTo(m.telegramId)).toEqual([botMessages.removed("VIP Signals", DASHBOARD)]);
    expect(await chatMembers(m.telegramId)).toEqual([]);
    // Nothing left to do on the next run.
    api.reset();
    expect(await removeExpiredAccess({ db: db(), bot })).toEqual({ removed: 0, failed: 0 });
    expect(api.callsOf("banChatMember")).toEqual([]);
  });

  it("lets a free trial in like a paid plan, and removes the member when it ends unpaid, as any expiry", async () => {
    const m = await verifiedMember();
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, m.id));
    await db().update(pricing).set({ trialDays: 7 }).where(eq(pricing.id, plans["vip-signals"]!));
    const trial = await startTrial({
      db: db(),
      userId: m.id,
      planId: plans["vip-signals"]!,
      now: new Date(Date.now() - 8 * DAY),
    });
    await send(joinRequestUpdate(m.user, { id: VIP_CHAT }));
    expect(api.chatMemberStatus(VIP_CHAT, m.telegramId)).toBe("member");

    // Its end passed with nothing on the balance: it ends, and the sweep removes the member.
    await runRenewals({ db: db() });
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.id, trial.subscriptionId));
    expect(ended!.status).toBe("expired");
    api.reset();
    expect(await removeExpiredAccess({ db: db(), bot, subscriptionIds: [trial.subscriptionId] })).toEqual({
      removed: 1,
      failed: 0,
    });
    expect(api.chatMemberStatus(VIP_CHAT, m.telegramId)).toBe("left");
    expect(api.messagesTo(m.telegramId)).toEqual([botMessages.removed("VIP Signals", DASHBOARD)]);
    await db().update(pricing).set({ trialDays: 0 }).where(eq(pricing.id, plans["vip-signals"]!));
  });

  it("reconciles: removes members without a subscription, re-sends missing links, records those present, spares admins", async () => {
    const missing = await verifiedMember();
    await subscribe(missing.id, "vip-signals");
    const lapsed = await verifiedMember();
    const lapsedSub = await subscribe(lapsed.id, "signals-bot");
    await send(joinRequestUpdate(lapsed.user, { id: BOT_CHAT }));
    await db().update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.id, lapsedSub.id));
    const present = await verifiedMember();
    await subscribe(present.id, "vip-signals");
    api.setChatMember(VIP_CHAT, present.telegramId, "member");
    const admin = await verifiedMember();
    await db()
      .insert(telegramChatMembers)
      .values({ chatId: VIP_CHAT, telegramUserId: admin.telegramId, userId: admin.id });
    api.setChatMember(VIP_CHAT, admin.telegramId, "administrator");
    api.reset();

    const result = await reconcileTelegramAccess({ db: db(), bot });
    // Members of earlier tests in this database are reconciled too.
    expect(result).toMatchObject({ removed: 1, failed: 0 });
    expect(result.linksSent).toBeGreaterThanOrEqual(1);
    expect(api.callsOf("banChatMember").map((c) => c.params.user_id)).toEqual([lapsed.telegramId]);
    expect(api.messagesTo(lapsed.telegramId)).toEqual([botMessages.removed("Signals Bot", DASHBOARD)]);
    expect(api.messagesTo(missing.telegramId)[0]).toContain("• VIP Signals: https://t.me/+fake");
    expect(api.messagesTo(present.telegramId)).toEqual([]);
    expect(await chatMembers(present.telegramId)).toMatchObject([{ chatId: VIP_CHAT, userId: present.id }]);
    expect(api.chatMemberStatus(VIP_CHAT, admin.telegramId)).toBe("administrator");
    expect(await chatMembers(admin.telegramId)).toEqual([]);
  });

  it("runs the daily reconcile once a day across instances", async () => {
    const first = await runDailyTelegramReconcile({ db: db(), bot });
    expect(first.present + first.linksSent + first.removed).toBeGreaterThan(0);
    api.reset();
    expect(await runDailyTelegramReconcile({ db: db(), bot })).toEqual({
      removed: 0,
      failed: 0,
      present: 0,
      linksSent: 0,
      membersMissing: 0,
    });
    expect(api.calls).toEqual([]);
  });

  it("keeps the member list current from chat_member updates", async () => {
    const m = await verifiedMember();
    await subscribe(m.id, "vip-signals");
    await send(chatMemberUpdate(m.user, VIP_CHAT, "left", "member"));
    expect(await chatMembers(m.telegramId)).toHaveLength(1);
    await send(chatMemberUpdate(m.user, VIP_CHAT, "member", "left"));
    expect(await chatMembers(m.telegramId)).toEqual([]);
    // Someone without a subscription (staff) who joins is not recorded, so never removed.
    await send(chatMemberUpdate({ id: 777_002 }, VIP_CHAT, "left", "member"));
    expect(await chatMembers(777_002)).toEqual([]);
  });

  it("/status lists subscriptions with their dates and the balance", async () => {
    const m = await verifiedMember({ balance: 12_500_000n });
    const next = new Date("2031-03-15T10:00:00Z");
    await subscribe(m.id, "vip-signals", { nextBillingDate: next });
    await subscribe(m.id, "signals-bot", { autorenew: false, nextBillingDate: next, billingPeriod: "quarterly" });
    await subscribe(m.id, "indicator-pro", { billingPeriod: "lifetime", nextBillingDate: null, autorenew: false });
    await send(messageUpdate(m.user, "/status"));
    expect(api.messagesTo(m.telegramId)).toEqual([
      [
        "Your subscriptions:\n• VIP Signals (monthly) — renews on Mar 15, 2031\n• Signals Bot " +
          "(quarterly) — ends on Mar 15, 2031\n• Indicator Pro (lifetime) — lifetime access",
        "Balance: $12.50 USDT",
        `Dashboard: ${DASHBOARD}`,
      ].join("\n\n"),
    ]);
    const empty = await verifiedMember();
    await send(messageUpdate(empty.user, "/status"));
    expect(api.messagesTo(empty.telegramId)).toEqual([
      `${botMessages.statusNone}\n\nBalance: $0.00 USDT\n\nDashboard: ${DASHBOARD}`,
    ]);
    await send(messageUpdate({ id: 777_003, username: "nobody" }, "/status"));
    expect(api.messagesTo(777_003)).toEqual([botMessages.notLinked]);
  });

  it("/links resends the member's personal links, reusing a valid one", async () => {
    const m = await verifiedMember();
    await subscribe(m.id, "vip-signals");
    await subscribe(m.id, "signals-bot");
    await send(messageUpdate(m.user, "/links"));
    await send(messageUpdate(m.user, "/links"));
    const created = api.callsOf("createChatInviteLink");
    expect(created.map((c) => c.params.chat_id)).toEqual([VIP_CHAT, BOT_CHAT]);
    expect(created[0]!.params).toMatchObject({ creates_join_request: true, name: `Ada ${m.id.slice(0, 8)}` });
    expect(Number(created[0]!.params.expire_date) * 1000 - Date.now()).toBeGreaterThan(6 * DAY);
    const [first, second] = api.messagesTo(m.telegramId);
    expect(first).toBe(second);
    expect(first).toMatch(
      /^Your personal access links:\n\n• VIP Signals: (\S+)\n• Signals Bot: (\S+)\n\nTap a link and ask to join/,
    );
    const sent = api.callsOf("sendMessage")[0]!.params.reply_markup as {
      inline_keyboard: { text: string; url: string }[][];
    };
    expect(sent.inline_keyboard.map((row) => row[0]!.text)).toEqual(["Join VIP Signals", "Join Signals Bot"]);

    const none = await verifiedMember();
    await send(messageUpdate(none.user, "/links"));
    expect(api.messagesTo(none.telegramId)).toEqual([botMessages.noChats(DASHBOARD)]);
    const broken = await verifiedMember();
    await subscribe(broken.id, "vip-signals");
    api.failNext("createChatInviteLink", {
      error_code: 400,
      description: "Bad Request: not enough rights to manage chat invite links",
    });
    await send(messageUpdate(broken.user, "/links"));
    expect(api.messagesTo(broken.telegramId)).toEqual([botMessages.linksFailed]);
  });
});
