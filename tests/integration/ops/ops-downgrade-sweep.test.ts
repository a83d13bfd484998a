import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { subscriptions, telegramChatMembers } from "#server/db/schema";
import { opsRouter } from "#server/ops/router";
import { describeEachDatabase } from "../../helpers/database";
import { expectLedgerInvariant } from "../../helpers/members";
import {
  chatsRemovedFrom,
  createDowngradePlans,
  createDowngradingMember,
  EXTRA_CHAT,
  VIP_CHAT,
} from "../../helpers/scheduled-downgrade";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";

const TOKEN = "test-ops-token-0123456789abcdef";

/** The operator API on a port of its own: as the server serves it, or as the ops CLI serves itself. */
async function serve(router: express.Router): Promise<{ server: Server; url: string }> {
  const app = express().use("/api/ops", router);
  const server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ops` };
}

async function runNow(url: string) {
  const response = await fetch(`${url}/renewals/run`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: "{}",
  });
  expect(response.status).toBe(200);
  return response.json();
}

// `ops renewals --run-now` and a renewal that applies a scheduled smaller plan: with the bot, the
// chats only the bigger plan had are left at once, as the server's renewal job does; without it
// (the CLI on its own), the answer says the server's daily check removes them, as the server's
// every-minute sweep only finds subscriptions that ended.
describeEachDatabase("operator API: renewals run now apply a downgrade's chats", (database) => {
  let server: Server;
  let url: string;
  let cli: Awaited<ReturnType<typeof serve>>;
  let plans: Awaited<ReturnType<typeof createDowngradePlans>>;
  const db = () => database().db;

  beforeAll(async () => {
    ({ server, url } = await serve(opsRouter(() => TOKEN, { getDb: () => database().db })));
    cli = await serve(opsRouter(() => TOKEN, { getDb: () => database().db, standalone: true }));
    plans = await createDowngradePlans(db());
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => cli.server.close(resolve));
  });

  it("removes the member from the chat VIP Signals does not have, and only from it", async () => {
    const api = await startSingletonBot(db());
    try {
      const telegramId = 29_002;
      const { subscriptionId } = await createDowngradingMember(db(), {
        plans,
        telegramId,
        nextBillingDate: new Date(Date.now() - 1000),
        api,
      });
      expect(await runNow(url)).toMatchObject({
        charged: 1,
        removedFromChats: 1,
        chatRemovalsFailed: 0,
        message: "ended 0 subscriptions; removed 1 member from the paid chats",
      });
      const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      expect(renewed).toMatchObject({ planId: plans.vip.id, status: "active" });
      expect(chatsRemovedFrom(api, telegramId)).toEqual([EXTRA_CHAT]);
      expect(api.chatMemberStatus(VIP_CHAT, telegramId)).toBe("member");
    } finally {
      await stopSingletonBot(api);
    }
    await expectLedgerInvariant(db());
  });

  it("without the bot, the CLI says the daily check removes the member moved to a smaller plan", async () => {
    const telegramId = 29_003;
    const { subscriptionId } = await createDowngradingMember(db(), {
      plans,
      telegramId,
      nextBillingDate: new Date(Date.now() - 1000),
    });
    expect(await runNow(cli.url)).toMatchObject({
      charged: 1,
      message:
        "ended 0 subscriptions; the server's renewal job removes their members from the paid chats within a " +
        "minute while it runs (TELEGRAM_BOT_TOKEN is not set here); 1 member had a smaller plan due: the " +
        "server's daily Telegram check removes them from the chats only their old plan had",
    });
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(renewed).toMatchObject({ planId: plans.vip.id, status: "active" });
    const chats = await db()
      .select({ chatId: telegramChatMembers.chatId })
      .from(telegramChatMembers)
      .where(eq(telegramChatMembers.telegramUserId, telegramId));
    expect(chats.map((row) => row.chatId).sort()).toEqual([VIP_CHAT, EXTRA_CHAT].sort());
    await expectLedgerInvariant(db());
  });
});
