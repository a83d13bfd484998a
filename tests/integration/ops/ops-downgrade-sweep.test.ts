import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pricing, profiles, subscriptions } from "#server/db/schema";
import { opsRouter } from "#server/ops/router";
import { recordChatMember } from "#server/telegram/entitlements";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";

const TOKEN = "test-ops-token-0123456789abcdef";
const VIP_CHAT = -1001000000402;
const EXTRA_CHAT = -1001000000401;
const DAY = 86_400_000;

// `ops renewals --run-now` in a process with the bot: a renewal that applies a scheduled smaller
// plan leaves the chats only the bigger plan had at once, as the server's renewal job does.
describeEachDatabase("operator API: renewals run now apply a downgrade's chats", (database) => {
  let server: Server;
  let url: string;
  const db = () => database().db;

  beforeAll(async () => {
    const app = express().use(
      "/api/ops",
      opsRouter(() => TOKEN, { getDb: () => database().db }),
    );
    server = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ops`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  it("removes the member from the chat VIP Signals does not have, and only from it", async () => {
    const [vip, all] = await db()
      .insert(pricing)
      .values([
        { planId: "vip", name: "VIP Signals", price: 49_000_000n, published: true, displayOrder: 1 },
        { planId: "all", name: "All-in-One", price: 99_000_000n, published: true, displayOrder: 2 },
      ])
      .returning();
    await seedPlanChats({ db: db(), planChats: { vip: [VIP_CHAT], all: [VIP_CHAT, EXTRA_CHAT] } });
    const member = await createMember(db(), { telegramUsername: "opsdowngrader", balance: 100_000_000n });
    const telegramId = 29_002;
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
        startDate: new Date(Date.now() - 30 * DAY),
        nextBillingDate: new Date(Date.now() - 1000),
        scheduledPlanId: vip!.id,
        scheduledBillingPeriod: "monthly",
        scheduledAt: new Date(Date.now() - 5 * DAY),
      })
      .returning();
    const api = await startSingletonBot(db());
    try {
      for (const chatId of [VIP_CHAT, EXTRA_CHAT]) {
        await recordChatMember({ db: db(), row: { chatId, telegramUserId: telegramId, userId: member.id } });
        api.setChatMember(chatId, telegramId, "member");
      }
      const response = await fetch(`${url}/renewals/run`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        charged: 1,
        removedFromChats: 1,
        chatRemovalsFailed: 0,
        message: "ended 0 subscriptions; removed 1 member from the paid chats",
      });
      const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
      expect(renewed).toMatchObject({ planId: vip!.id, status: "active" });
      expect(
        api
          .callsOf("banChatMember")
          .filter((call) => Number(call.params.user_id) === telegramId)
          .map((call) => call.params.chat_id),
      ).toEqual([EXTRA_CHAT]);
      expect(api.chatMemberStatus(VIP_CHAT, telegramId)).toBe("member");
    } finally {
      await stopSingletonBot(api);
    }
    await expectLedgerInvariant(db());
  });
});
