import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client";
import { auditLog, broadcastDeliveries, broadcasts, pricing, profiles } from "#server/db/schema";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { getBroadcastProgress } from "#server/staff/broadcasts/broadcast-progress";
import { deliverBroadcasts } from "#server/staff/broadcasts/deliver-broadcasts";
import { createTelegramPacer } from "#server/staff/broadcasts/telegram-pacer";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { messageUpdate, startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { broadcastMember, clearMembers, sendBroadcastNow } from "./broadcast-support";

setTestEnv({ PUBLIC_URL: "https://signals.example" });

/** Sleeps are the pacer's: a slow machine only spreads the calls further apart, never closer. */
const TOLERANCE_MS = 250;

describeEachDatabase("broadcasts by the bot: Telegram's limits, 429s, blocked members, restarts", (database) => {
  let api: FakeBotApi;
  let bot: TelegramBot;
  const db = (): Db => database().db;
  let plan: number;

  beforeAll(async () => {
    api = await startFakeBotApi();
    bot = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
      brandName: "NovaSignals",
    })!;
    await bot.init();
    const [row] = await db()
      .insert(pricing)
      .values({ planId: "vip", name: "VIP", price: 49_000_000n, published: true, displayOrder: 1 })
      .returning();
    plan = row!.id;
  });
  afterAll(async () => api?.close());
  beforeEach(async () => {
    api.reset();
    await clearMembers(db());
  });

  const deliver = (options: Partial<Parameters<typeof deliverBroadcasts>[0]> = {}) =>
    deliverBroadcasts({ db: db(), bot, pacer: createTelegramPacer(), ...options });
  const sends = () => api.callsOf("sendMessage");
  const stateOf = async (id: string) => (await db().select().from(broadcasts).where(eq(broadcasts.id, id)))[0]!.state;
  const progressOf = async (id: string) => (await getBroadcastProgress({ db: db(), broadcastIds: [id] })).get(id)!;

  it("sends every member one message, at most 30 in any second, in Telegram's HTML", async () => {
    const members = [];
    for (let i = 0; i < 65; i++) members.push(await broadcastMember(db(), { plan }));
    const { id, queued } = await sendBroadcastNow(db(), {
      body: '<h2>Outlook</h2><p>See <a href="/pricing">plans</a></p>',
    });
    expect(queued).toBe(65);

    expect(await deliver()).toMatchObject({ sent: 65, failed: 0, blocked: 0 });

    for (const m of members) expect(api.messagesTo(m.telegramId)).toHaveLength(1);
    const calls = sends();
    expect(calls[0]!.params).toMatchObject({
      parse_mode: "HTML",
      text:
        '<b>Outlook</b>\n\nSee <a href="https://signals.example/pricing">plans</a>\n\n<i>Send ' +
        "/stop to get no more announcements here.</i>",
    });
    // The 31st message after any one is at least a second later.
    for (let i = 0; i + 30 < calls.length; i++)
      expect(calls[i + 30]!.at - calls[i]!.at).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
    expect(await progressOf(id)).toMatchObject({ queued: 0, sent: 65 });
    expect(await stateOf(id)).toBe("done");
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toMatchObject({ action: "broadcast.finished", actorRole: "system" });
    expect(audit!.summary).toContain("65 sent, 0 failed, 0 blocked the bot, 0 skipped");
  });

  it("sends one chat at most one message a second, two broadcasts at once", async () => {
    const members = [await broadcastMember(db(), { plan }), await broadcastMember(db(), { plan })];
    await sendBroadcastNow(db(), { subject: "First" });
    await sendBroadcastNow(db(), { subject: "Second" });
    await deliver();
    for (const m of members) {
      const times = sends()
        .filter((c) => Number(c.params.chat_id) === m.telegramId)
        .map((c) => c.at);
      expect(times).toHaveLength(2);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
    }
  });

  it("waits out a 429's retry_after, then sends the message once", async () => {
    const members = [];
    for (let i = 0; i < 3; i++) members.push(await broadcastMember(db(), { plan }));
    const { id } = await sendBroadcastNow(db());
    api.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 2",
      parameters: { retry_after: 2 },
    });

    expect(await deliver()).toMatchObject({ sent: 3, failed: 0 });

    const calls = sends();
    expect(calls).toHaveLength(4);
    // Nothing at all went to Telegram until the wait was over.
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(2000 - TOLERANCE_MS);
    expect(calls[1]!.params.chat_id).toBe(calls[0]!.params.chat_id);
    // The member whose message met the 429 was asked twice (the refused call, then the one that went).
    const limited = Number(calls[0]!.params.chat_id);
    for (const m of members) expect(api.messagesTo(m.telegramId)).toHaveLength(m.telegramId === limited ? 2 : 1);
    expect(await progressOf(id)).toMatchObject({ sent: 3, failed: 0, queued: 0 });
  });

  it("marks a member who blocked the bot, skips them later, and reaches them again once they write", async () => {
    const blocker = await broadcastMember(db(), { plan });
    const other = await broadcastMember(db(), { plan });
    api.blockBot(blocker.telegramId);
    const first = await sendBroadcastNow(db());
    expect(await deliver()).toMatchObject({ sent: 1, blocked: 1 });
    expect(await progressOf(first.id)).toMatchObject({ sent: 1, blocked: 1 });
    const [row] = await db().select().from(profiles).where(eq(profiles.id, blocker.id));
    expect(row!.telegramBlockedAt).toBeInstanceOf(Date);

    // The next broadcast does not even queue them.
    const second = await sendBroadcastNow(db());
    expect(second.queued).toBe(1);
    await deliver();
    expect(api.messagesTo(other.telegramId)).toHaveLength(2);

    // They unblock and write to the bot: the mark goes, and the next broadcast reaches them.
    api.unblockBot(blocker.telegramId);
    await bot.handleUpdate(messageUpdate({ id: blocker.telegramId }, "/status") as never);
    api.reset();
    const third = await sendBroadcastNow(db());
    expect(third.queued).toBe(2);
    await deliver();
    expect(api.messagesTo(blocker.telegramId).filter((t) => t.includes("Markets"))).toHaveLength(1);
  });

  it("resumes after a restart without sending anyone the same broadcast twice", async () => {
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await broadcastMember(db(), { plan }));
    const { id } = await sendBroadcastNow(db());

    // The first process dies right after Telegram took its third message, before recording it.
    const dying = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
      brandName: "NovaSignals",
    })!;
    let calls = 0;
    dying.api.config.use(async (prev, method, payload, signal) => {
      const answer = await prev(method, payload, signal);
      if (method === "sendMessage" && ++calls === 3) throw new Error("process killed");
      return answer;
    });
    await expect(deliver({ bot: dying, leaseSeconds: 1 })).rejects.toThrow("process killed");
    expect(sends()).toHaveLength(3);

    // The restarted process finds its rows once their lease is over, and sends only the rest.
    await expect
      .poll(async () => (await deliver({ leaseSeconds: 1 }), stateOf(id)), { timeout: 20_000, interval: 500 })
      .toBe("done");
    for (const m of members) expect(api.messagesTo(m.telegramId)).toHaveLength(1);
    const progress = await progressOf(id);
    // The one cut off mid-send reached its member, but is not known to have: failed, never repeated.
    expect(progress).toMatchObject({ sent: 7, failed: 1, queued: 0 });
    const [failed] = await db()
      .select()
      .from(broadcastDeliveries)
      .where(sql`${broadcastDeliveries.broadcastId} = ${id} and ${broadcastDeliveries.status} = 'failed'`);
    expect(failed!.lastError).toContain("not sent again");
  });

  describe("what a broadcast's message may not do", () => {
    it("fails a message Telegram refuses (400) at once, without retrying it", async () => {
      const m = await broadcastMember(db(), { plan });
      const { id } = await sendBroadcastNow(db());
      api.failNext("sendMessage", { error_code: 400, description: "Bad Request: chat not found" });
      expect(await deliver()).toMatchObject({ failed: 1, sent: 0 });
      expect(api.messagesTo(m.telegramId)).toHaveLength(1);
      expect(await progressOf(id)).toMatchObject({ failed: 1 });
      expect(await stateOf(id)).toBe("done");
    });
  });
});
