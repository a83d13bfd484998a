import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import * as telegramRoute from "~/routes/api/dashboard/api.dashboard.telegram";
import { getMemberProfile } from "#server/dashboard/get-member-profile";
import { planTelegramChats, pricing, profiles, subscriptions, telegramChatMembers, user } from "#server/db/schema";
import { setSingleton } from "#server/lib/singleton";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { mailsTo } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import type { FakeBotApi } from "../../helpers/fake-bot-api";
import { callAction } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";

const dataDir = withTestDataDir("dashboard-change-telegram");
const CHAT_A = -1001000000201;
const CHAT_B = -1001000000202;
const TELEGRAM_ID = 5550201;

type Account = Awaited<ReturnType<typeof signUpStaff>>;

describeEachDatabase("a member changes their own Telegram username", (database) => {
  const db = () => database().db;
  let api: FakeBotApi;
  let member: Account;
  let other: Account;
  let planId: number;

  const change = (who: Account, telegramUsername: string) =>
    callAction(telegramRoute, { path: "/api/dashboard/telegram", cookie: who.cookie, json: { telegramUsername } });
  const profileOf = async (who: Account) => (await db().select().from(profiles).where(eq(profiles.id, who.userId)))[0]!;

  /** The member verified as TELEGRAM_ID, subscribed to a plan of two chats, and in both. */
  async function verifiedInTwoChats(username: string) {
    await db()
      .update(profiles)
      .set({ telegramUsername: username, telegramVerified: true, telegramUserId: BigInt(TELEGRAM_ID) })
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
    [member, other] = await Promise.all([signUpStaff(db(), null), signUpStaff(db(), null)]);
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

  it("refuses a bad username with the sign-up's message, writing nothing", async () => {
    const before = await profileOf(member);
    for (const bad of ["a b", "1abcde", "abc", ""]) {
      const answer = await change(member, bad);
      expect(answer.status, bad).toBe(400);
      expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors.telegramUsername, bad).toMatch(
        /^(Enter your Telegram username: 5–32 letters, digits or underscores, starting with a letter|Telegram username is required)$/,
      );
    }
    expect(await profileOf(member)).toEqual(before);
    expect(api.callsOf("banChatMember")).toEqual([]);
  });

  it("sets a new username of an unverified member: nothing to take away, no email", async () => {
    await db()
      .update(profiles)
      .set({
        telegramUsername: "first_name",
        telegramVerified: false,
        telegramUserId: null,
        verificationCode: "111111",
      })
      .where(eq(profiles.id, member.userId));
    const mails = mailsTo(dataDir, member.email).length;
    const answer = await change(member, "@Second_Name");
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, telegramUsername: "Second_Name", verificationReset: true });
    expect(await profileOf(member)).toMatchObject({
      telegramUsername: "Second_Name",
      telegramVerified: false,
      verificationCode: null,
    });
    expect(mailsTo(dataDir, member.email)).toHaveLength(mails);
    expect(api.callsOf("banChatMember")).toEqual([]);
  });

  it("a verified member's new username is verified again: out of every chat at once, told by email", async () => {
    await verifiedInTwoChats("old_handle");
    const answer = await change(member, "new_handle");
    expect(answer.data).toEqual({ ok: true, telegramUsername: "new_handle", verificationReset: true });
    expect(await profileOf(member)).toMatchObject({
      telegramUsername: "new_handle",
      telegramVerified: false,
      telegramUserId: null,
      verificationCode: null,
      verificationCodeExpiresAt: null,
    });
    expect(
      api
        .callsOf("banChatMember")
        .map((c) => Number(c.params.chat_id))
        .sort(),
    ).toEqual([CHAT_A, CHAT_B].sort());
    expect(api.messagesTo(TELEGRAM_ID)[0]).toContain("You changed the Telegram username on your account");
    expect(await db().select().from(telegramChatMembers).where(eq(telegramChatMembers.userId, member.userId))).toEqual(
      [],
    );
    const mail = mailsTo(dataDir, member.email).at(-1);
    expect(mail).toContain("@new_handle");
    expect(mail).toContain("from your dashboard");
    expect(mail).toContain("If you did not make this change");
  });

  it("the same username in other letters keeps the verification and the chats", async () => {
    await verifiedInTwoChats("keep_handle");
    const answer = await change(member, "Keep_Handle");
    expect(answer.data).toEqual({ ok: true, telegramUsername: "Keep_Handle", verificationReset: false });
    expect(await profileOf(member)).toMatchObject({
      telegramUsername: "Keep_Handle",
      telegramVerified: true,
      telegramUserId: BigInt(TELEGRAM_ID),
    });
    expect(api.callsOf("banChatMember")).toEqual([]);
  });

  it("changes only the caller's own profile, whatever the body says", async () => {
    const before = await profileOf(other);
    const answer = await callAction(telegramRoute, {
      path: "/api/dashboard/telegram",
      cookie: member.cookie,
      json: { telegramUsername: "mine_only", userId: other.userId },
    });
    expect(answer.status).toBe(200);
    expect(await profileOf(other)).toEqual(before);
    expect((await profileOf(member)).telegramUsername).toBe("mine_only");
  });

  it("refuses a signed-out caller", async () => {
    const answer = await callAction(telegramRoute, {
      path: "/api/dashboard/telegram",
      json: { telegramUsername: "valid_name" },
    });
    expect(answer.status).toBe(401);
  });

  it("names the bot on the member's profile once it is known, and null without a bot", async () => {
    const bot = { isInited: () => true, botInfo: { username: "nova_test_bot" } };
    setSingleton("telegram-bot", bot);
    expect((await getMemberProfile({ db: db(), userId: member.userId })).telegramBot).toBe("nova_test_bot");
    setSingleton("telegram-bot", undefined);
    expect((await getMemberProfile({ db: db(), userId: member.userId })).telegramBot).toBeNull();
  });
});
