import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { generateTelegramCode } from "#server/dashboard/generate-telegram-code";
import { planTelegramChats, pricing, profiles, rateLimits, subscriptions } from "#server/db/schema";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { botMessages } from "#server/telegram/messages";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { telegramWebhookMiddleware } from "#server/telegram/telegram-webhook";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import {
  messageUpdate,
  postUpdate,
  serveWebhook,
  startFakeBotApi,
  type FakeBotApi,
  type TelegramUser,
} from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";

const SECRET = "webhook-secret-0123456789";
const VIP_CHAT = -1001000000002;

setTestEnv({ PUBLIC_URL: "https://signals.example" });

describeEachDatabase("telegram bot: webhook and verification", (database) => {
  let api: FakeBotApi;
  let bot: TelegramBot;
  let hook: Awaited<ReturnType<typeof serveWebhook>>;
  const db = () => database().db;
  let nextTelegramId = 5000;

  beforeAll(async () => {
    api = await startFakeBotApi();
    bot = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
      brandName: "NovaSignals",
    })!;
    hook = await serveWebhook(telegramWebhookMiddleware({ bot, secret: SECRET }));
  });
  afterAll(async () => {
    await hook?.close();
    await api?.close();
  });
  beforeEach(() => api.reset());

  const send = async (update: unknown) => expect((await postUpdate(hook.url, update, SECRET)).status).toBe(200);
  const lastReply = (telegramId: number) => api.messagesTo(telegramId).at(-1);
  const profileOf = async (id: string) => (await db().select().from(profiles).where(eq(profiles.id, id)))[0]!;
  /** A member with a fresh dashboard code and the Telegram user who owns the username. */
  const memberWithCode = async (username: string) => {
    const member = await createMember(db(), { telegramUsername: username, firstName: "Ada" });
    const { code } = await generateTelegramCode({ db: db(), userId: member.id });
    const sender: TelegramUser = { id: ++nextTelegramId, username: username.toLowerCase(), first_name: "Ada" };
    return { ...member, code, sender };
  };

  it("refuses webhook posts without the secret or with a wrong one (401), and answers 404 with the bot off", async () => {
    const update = messageUpdate({ id: 1, username: "someone" }, "/start");
    expect((await postUpdate(hook.url, update)).status).toBe(401);
    expect((await postUpdate(hook.url, update, "wrong-secret-0123456789")).status).toBe(401);
    expect(api.calls).toEqual([]);
    const off = await serveWebhook(telegramWebhookMiddleware({ bot: undefined, secret: SECRET }));
    expect((await postUpdate(off.url, update, SECRET)).status).toBe(404);
    await off.close();
    const noSecret = await serveWebhook(telegramWebhookMiddleware({ bot, secret: undefined }));
    expect((await postUpdate(noSecret.url, update, "")).status).toBe(401);
    await noSecret.close();
    expect((await postUpdate(hook.url, { not: "an update" }, SECRET)).status).toBe(400);
  });

  it("/start greets and explains; /verify alone shows how; other text gets help; group messages are ignored", async () => {
    const user = { id: 4001, username: "visitor" };
    await send(messageUpdate(user, "/start"));
    expect(lastReply(4001)).toBe(botMessages.welcome("NovaSignals"));
    expect(lastReply(4001)).toContain("send the 6 digits here");
    await send(messageUpdate(user, "/verify"));
    expect(lastReply(4001)).toBe(botMessages.verifyUsage);
    await send(messageUpdate(user, "hello"));
    expect(lastReply(4001)).toBe(botMessages.unknown);
    const group = messageUpdate(user, "123456") as { message: { chat: Record<string, unknown> } };
    group.message.chat = { id: -100777, type: "supergroup", title: "Group" };
    api.reset();
    await send(group);
    expect(api.callsOf("sendMessage")).toEqual([]);
  });

  it("/start <code> (the dashboard's deep link) verifies, stores the Telegram id, clears the code and sends links bought before", async () => {
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: "vip-verify", name: "VIP Signals", price: 49_000_000n, published: true })
      .returning();
    await db().insert(planTelegramChats).values({ planId: plan!.id, chatId: VIP_CHAT });
    const m = await memberWithCode("Ada_Trader");
    await db()
      .insert(subscriptions)
      .values({
        userId: m.id,
        planId: plan!.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 20 * 86_400_000),
      });

    await send(messageUpdate({ ...m.sender, username: "ADA_trader" }, `/start ${m.code}`));
    const profile = await profileOf(m.id);
    expect(profile).toMatchObject({
      telegramVerified: true,
      telegramUserId: BigInt(m.sender.id),
      verificationCode: null,
      verificationCodeExpiresAt: null,
    });
    const replies = api.messagesTo(m.sender.id);
    expect(replies[0]).toBe(botMessages.verified("Ada_Trader"));
    expect(api.callsOf("createChatInviteLink")[0]!.params).toMatchObject({
      chat_id: VIP_CHAT,
      creates_join_request: true,
    });
    expect(replies[1]).toContain(botMessages.linksIntro);
    expect(replies[1]).toMatch(/• VIP Signals: https:\/\/t\.me\/\+fake/);
  });

  it("/verify <code> and the bare 6 digits verify too", async () => {
    const a = await memberWithCode("bob_signals");
    await send(messageUpdate(a.sender, `/verify ${a.code}`));
    expect(lastReply(a.sender.id)).toBe(botMessages.verified("bob_signals"));
    const b = await memberWithCode("cy_trades");
    await send(messageUpdate(b.sender, ` ${b.code} `));
    expect(lastReply(b.sender.id)).toBe(botMessages.verified("cy_trades"));
    expect((await profileOf(a.id)).telegramVerified).toBe(true);
    expect((await profileOf(b.id)).telegramUserId).toBe(BigInt(b.sender.id));
    // Already verified: /start now says welcome back.
    await send(messageUpdate(b.sender, "/start"));
    expect(lastReply(b.sender.id)).toBe(botMessages.welcomeBack("NovaSignals"));
  });

  it("refuses a wrong code, an expired code, another username and a sender without username; nothing changes", async () => {
    const m = await memberWithCode("dee_fx");
    const unchanged = async () =>
      expect(await profileOf(m.id)).toMatchObject({
        telegramVerified: false,
        telegramUserId: null,
        verificationCode: m.code,
      });

    const wrong = m.code === "999999" ? "999998" : "999999";
    await send(messageUpdate(m.sender, `/verify ${wrong}`));
    expect(lastReply(m.sender.id)).toBe(botMessages.wrongCode);
    await unchanged();

    const stranger = { id: ++nextTelegramId, username: "not_dee" };
    await send(messageUpdate(stranger, m.code));
    expect(lastReply(stranger.id)).toBe(botMessages.usernameMismatch("not_dee"));
    await unchanged();

    const anonymous = { id: ++nextTelegramId };
    await send(messageUpdate(anonymous, `/start ${m.code}`));
    expect(lastReply(anonymous.id)).toBe(botMessages.noUsername);
    await unchanged();

    await db()
      .update(profiles)
      .set({ verificationCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, m.id));
    await send(messageUpdate({ ...m.sender, id: ++nextTelegramId }, m.code));
    expect(api.calls.at(-1)!.params.text).toBe(botMessages.expiredCode);
    expect(await profileOf(m.id)).toMatchObject({ telegramVerified: false, verificationCode: m.code });
  });

  it("links a Telegram account to one member only", async () => {
    const first = await memberWithCode("eve_one");
    await send(messageUpdate(first.sender, first.code));
    expect((await profileOf(first.id)).telegramVerified).toBe(true);
    // The same Telegram account (renamed) tries to verify a second member.
    const second = await memberWithCode("eve_two");
    await send(messageUpdate({ id: first.sender.id, username: "eve_two" }, second.code));
    expect(lastReply(first.sender.id)).toBe(botMessages.linkedToAnotherMember);
    expect(await profileOf(second.id)).toMatchObject({
      telegramVerified: false,
      telegramUserId: null,
      verificationCode: second.code,
    });
  });

  it("locks a Telegram user out for 15 minutes after five wrong codes", async () => {
    const m = await memberWithCode("fay_locked");
    const wrong = m.code === "111111" ? "222222" : "111111";
    for (let i = 1; i <= 4; i++) {
      await send(messageUpdate(m.sender, wrong));
      expect(lastReply(m.sender.id)).toBe(botMessages.wrongCode);
    }
    await send(messageUpdate(m.sender, wrong));
    expect(lastReply(m.sender.id)).toBe(`${botMessages.wrongCode}\n\n${botMessages.lockedOut(15)}`);
    // Even the right code is refused while locked, and nothing changes.
    await send(messageUpdate(m.sender, m.code));
    expect(lastReply(m.sender.id)).toBe(botMessages.lockedOut(15));
    expect((await profileOf(m.id)).telegramVerified).toBe(false);
    const [counter] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `tg-verify:${m.sender.id}`));
    expect(counter!.count).toBe(5);
    expect(counter!.resetAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    // Another Telegram user is not affected; after the window the owner verifies.
    const other = await memberWithCode("gus_free");
    await send(messageUpdate(other.sender, other.code));
    expect(lastReply(other.sender.id)).toBe(botMessages.verified("gus_free"));
    await db()
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `tg-verify:${m.sender.id}`));
    await send(messageUpdate(m.sender, m.code));
    expect(lastReply(m.sender.id)).toBe(botMessages.verified("fay_locked"));
  });
});
