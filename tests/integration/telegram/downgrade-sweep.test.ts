import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema";
import { createRenewalJob } from "#server/jobs/renewal-job";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { expectLedgerInvariant } from "../../helpers/members";
import {
  chatsRemovedFrom,
  createDowngradePlans,
  createDowngradingMember,
  EXTRA_CHAT,
  VIP_CHAT,
} from "../../helpers/scheduled-downgrade";

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
    const plans = await createDowngradePlans(db());
    const telegramId = 29_001;
    const { subscriptionId } = await createDowngradingMember(db(), {
      plans,
      telegramId,
      nextBillingDate: new Date(Date.now() + 20 * DAY),
      api,
    });
    const job = createRenewalJob({ db: db(), bot });
    // The process's first run checks every recorded member: entitled to both chats, nothing to do.
    expect(await job()).toMatchObject({ removedFromChats: 0 });

    await db()
      .update(subscriptions)
      .set({ nextBillingDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, subscriptionId));
    api.reset();
    expect(await job()).toMatchObject({ charged: 1, removedFromChats: 1, chatRemovalsFailed: 0 });
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(renewed).toMatchObject({ planId: plans.vip.id, status: "active" });
    expect(chatsRemovedFrom(api, telegramId)).toEqual([EXTRA_CHAT]);
    expect(api.chatMemberStatus(EXTRA_CHAT, telegramId)).toBe("left");
    expect(api.chatMemberStatus(VIP_CHAT, telegramId)).toBe("member");
    await expectLedgerInvariant(db());
  });
});
