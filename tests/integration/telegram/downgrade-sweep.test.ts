import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pricing, profiles, subscriptions } from "#server/db/schema";
import { createRenewalJob } from "#server/jobs/renewal-job";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { recordChatMember } from "#server/telegram/entitlements";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const VIP_CHAT = -1001000000202;
const EXTRA_CHAT = -1001000000201;
const DAY = 86_400_000;

setTestEnv({ PUBLIC_URL: "https://signals.example" });

// A change to a smaller plan takes effect at the renewal: the subscription stays active under the
// smaller plan, and the chats only the bigger plan had are left, on that run of the renewal job.
describeEachDatabase("telegram: a downgrade applied at renewal leaves the bigger plan's chats", (database) => {
  let api: FakeBotApi;
  let bot: TelegramBot;
  const db = () => database().db;

  beforeAll(async () => {
    api = await startFakeBotApi();
    bot = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
      brandName: "NovaSignals",
    })!;
  });
  afterAll(async () => api?.close());

  it("removes the member from the chat VIP Signals does not have, and only from it", async () => {
    const [vip, all] = await db()
      .insert(pricing)
      .values([
        { planId: "vip", name: "VIP Signals", price: 49_000_000n, published: true, displayOrder: 1 },
        { planId: "all", name: "All-in-One", price: 99_000_000n, published: true, displayOrder: 2 },
      ])
      .returning();
    await seedPlanChats({ db: db(), planChats: { vip: [VIP_CHAT], all: [VIP_CHAT, EXTRA_CHAT] } });
    const member = await createMember(db(), { telegramUsername: "downgrader", balance: 100_000_000n });
    const telegramId = 29_001;
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
      .where(eq(profiles.id, member.id));
    const [sub] = await db()
      .insert(subscriptions)
      .values({
        userId: member.id,
        planId: all!.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 20 * DAY),
        scheduledPlanId: vip!.id,
        scheduledBillingPeriod: "monthly",
        scheduledAt: new Date(),
      })
      .returning();
    for (const chatId of [VIP_CHAT, EXTRA_CHAT]) {
      await recordChatMember({ db: db(), row: { chatId, telegramUserId: telegramId, userId: member.id } });
      api.setChatMember(chatId, telegramId, "member");
    }
    const job = createRenewalJob({ db: db(), bot });
    // The process's first run checks every recorded member: entitled to both chats, nothing to do.
    expect(await job()).toMatchObject({ removedFromChats: 0 });

    await db()
      .update(subscriptions)
      .set({ nextBillingDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, sub!.id));
    api.reset();
    expect(await job()).toMatchObject({ charged: 1, removedFromChats: 1, chatRemovalsFailed: 0 });
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(renewed).toMatchObject({ planId: vip!.id, status: "active" });
    expect(
      api
        .callsOf("banChatMember")
        .filter((call) => Number(call.params.user_id) === telegramId)
        .map((call) => call.params.chat_id),
    ).toEqual([EXTRA_CHAT]);
    expect(api.chatMemberStatus(EXTRA_CHAT, telegramId)).toBe("left");
    expect(api.chatMemberStatus(VIP_CHAT, telegramId)).toBe("member");
    await expectLedgerInvariant(db());
  });
});
