import type { Db } from "#server/db/client";
import { pricing, subscriptions } from "#server/db/schema";
import { recordChatMember } from "#server/telegram/entitlements";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import type { FakeBotApi } from "./fake-bot-api";
import { createVerifiedMember } from "./members";

/** The chat both plans have, and the one only All-in-One has. */
export const VIP_CHAT = -1001000000202;
export const EXTRA_CHAT = -1001000000201;
const DAY = 86_400_000;

/** VIP Signals (one chat) and All-in-One (that chat and another): the smaller plan and the bigger. */
export async function createDowngradePlans(db: Db) {
  const [vip, all] = await db
    .insert(pricing)
    .values([
      { planId: "vip", name: "VIP Signals", price: 49_000_000n, published: true, displayOrder: 1 },
      { planId: "all", name: "All-in-One", price: 99_000_000n, published: true, displayOrder: 2 },
    ])
    .returning();
  await seedPlanChats({ db, planChats: { vip: [VIP_CHAT], all: [VIP_CHAT, EXTRA_CHAT] } });
  return { vip: vip!, all: all! };
}

/**
 * A member with a verified Telegram account on All-in-One, renewing at `nextBillingDate` with VIP
 * Signals scheduled (the balance covers it), in both chats: recorded, and in the fake Bot API's
 * chats when one is given.
 */
export async function createDowngradingMember(
  db: Db,
  options: {
    plans: Awaited<ReturnType<typeof createDowngradePlans>>;
    telegramId: number;
    nextBillingDate: Date;
    api?: FakeBotApi;
  },
) {
  const { plans, telegramId } = options;
  const member = await createVerifiedMember(db, { balance: 100_000_000n, telegram: BigInt(telegramId) });
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      userId: member.id,
      planId: plans.all.id,
      billingPeriod: "monthly",
      startDate: new Date(Date.now() - 10 * DAY),
      nextBillingDate: options.nextBillingDate,
      scheduledPlanId: plans.vip.id,
      scheduledBillingPeriod: "monthly",
      scheduledAt: new Date(Date.now() - 5 * DAY),
    })
    .returning();
  for (const chatId of [VIP_CHAT, EXTRA_CHAT]) {
    await recordChatMember({ db, row: { chatId, telegramUserId: telegramId, userId: member.id } });
    options.api?.setChatMember(chatId, telegramId, "member");
  }
  return { member, subscriptionId: subscription!.id };
}

/** The chats the bot removed this Telegram account from. */
export function chatsRemovedFrom(api: FakeBotApi, telegramId: number) {
  return api
    .callsOf("banChatMember")
    .filter((call) => Number(call.params.user_id) === telegramId)
    .map((call) => call.params.chat_id);
}
