import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import * as unsubscribeRoute from "~/routes/site/broadcasts.unsubscribe";
import { broadcastDeliveries, broadcastOptOuts, pricing, subscriptions, user } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { countBroadcastAudience } from "#server/staff/broadcasts/count-broadcast-audience";
import { deliverBroadcasts } from "#server/staff/broadcasts/deliver-broadcasts";
import { createTelegramPacer } from "#server/staff/broadcasts/telegram-pacer";
import { readBroadcastUnsubscribeToken } from "#server/staff/broadcasts/unsubscribe-token";
import { botMessages } from "#server/telegram/messages";
import { createTelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { messageUpdate, startFakeBotApi } from "../../helpers/fake-bot-api";
import { callAction, callLoader } from "../../helpers/route-request";
import { broadcastMember, clearMembers, sendBroadcastNow } from "./broadcast-support";

setTestEnv({ PUBLIC_URL: "https://signals.example" });

describeEachDatabase("broadcasts: who they reach, and members who stop them", (database) => {
  const db = () => database().db;
  const plans: Record<string, number> = {};
  const emails: Email[] = [];
  const deliverEmails = () =>
    deliverBroadcasts({
      db: db(),
      bot: undefined,
      pacer: createTelegramPacer(),
      send: async (email) => void emails.push(email),
    });

  beforeAll(async () => {
    // The unsubscribe route reads the process database.
    resetSingleton("database");
    setSingleton("database", database());
    const rows = await db()
      .insert(pricing)
      .values([
        { planId: "vip", name: "VIP", price: 49_000_000n, published: true, displayOrder: 1 },
        { planId: "spot", name: "Spot", price: 29_000_000n, published: true, displayOrder: 2 },
      ])
      .returning();
    for (const row of rows) plans[row.planId] = row.id;
  });
  beforeEach(async () => {
    emails.length = 0;
    await clearMembers(db());
  });

  const queuedMembers = async (broadcastId: string, way: "bot" | "email") =>
    (
      await db()
        .select({ userId: broadcastDeliveries.userId })
        .from(broadcastDeliveries)
        .where(sql`${broadcastDeliveries.broadcastId} = ${broadcastId} and ${broadcastDeliveries.way} = ${way}`)
    )
      .map((r) => r.userId)
      .sort();

  it("chooses members by plan and status; the count before sending is what gets queued", async () => {
    const vipActive = await broadcastMember(db(), { plan: plans.vip });
    const spotActive = await broadcastMember(db(), { plan: plans.spot });
    const vipEndedRecently = await broadcastMember(db(), { plan: plans.vip, endedDaysAgo: 3 });
    await broadcastMember(db(), { plan: plans.vip, endedDaysAgo: 40 });
    const neverPaid = await broadcastMember(db(), { telegram: false });
    // A free trial running now: "active" (it has the plan) and "on trial".
    const onTrial = await broadcastMember(db(), { plan: plans.spot });
    await db()
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(subscriptions.userId, onTrial.id));
    // Staff, banned and deleted accounts are never in an audience.
    const staff = await broadcastMember(db(), { plan: plans.vip });
    await db().update(user).set({ role: "admin" }).where(eq(user.id, staff.id));
    const banned = await broadcastMember(db(), { plan: plans.vip });
    await db().update(user).set({ banned: true }).where(eq(user.id, banned.id));

    const vipOnly = { statuses: ["active" as const], planIds: [plans.vip!], endedWithinDays: 30 };
    expect(await countBroadcastAudience({ db: db(), audience: vipOnly, channel: "both" })).toEqual({
      members: 1,
      bot: 1,
      email: 1,
    });
    const lapsed = { statuses: ["ended" as const], planIds: [plans.vip!], endedWithinDays: 7 };
    const prospects = { statuses: ["never_paid" as const], planIds: [], endedWithinDays: 30 };
    const anyActive = { statuses: ["active" as const], planIds: [], endedWithinDays: 30 };
    // A member without Telegram is counted for email only.
    expect(await countBroadcastAudience({ db: db(), audience: prospects, channel: "both" })).toEqual({
      members: 1,
      bot: 0,
      email: 1,
    });

    const a = await sendBroadcastNow(db(), { audience: vipOnly, channel: "both" });
    expect(a.queued).toBe(2);
    expect(await queuedMembers(a.id, "bot")).toEqual([vipActive.id]);
    const b = await sendBroadcastNow(db(), { audience: lapsed, channel: "email" });
    expect(await queuedMembers(b.id, "email")).toEqual([vipEndedRecently.id]);
    const c = await sendBroadcastNow(db(), { audience: prospects, channel: "bot" });
    expect(c.queued).toBe(0);
    const d = await sendBroadcastNow(db(), { audience: anyActive, channel: "email" });
    expect(await queuedMembers(d.id, "email")).toEqual([vipActive.id, spotActive.id, onTrial.id].sort());
    const trials = { statuses: ["trial" as const], planIds: [], endedWithinDays: 30 };
    const f = await sendBroadcastNow(db(), { audience: trials, channel: "email" });
    expect(await queuedMembers(f.id, "email")).toEqual([onTrial.id]);
    const e = await sendBroadcastNow(db(), {
      audience: { ...prospects, statuses: ["never_paid", "ended"] },
      channel: "email",
    });
    expect(await queuedMembers(e.id, "email")).toEqual([neverPaid.id, vipEndedRecently.id].sort());
  });

  it("emails with a one-click unsubscribe that stops every later broadcast by email, not by the bot", async () => {
    const reader = await broadcastMember(db(), { plan: plans.vip });
    await sendBroadcastNow(db(), {
      channel: "email",
      subject: "Big news",
      body: '<p>Fish &amp; <a href="/blog">chips</a></p>',
    });
    expect(await deliverEmails()).toMatchObject({ sent: 1 });
    const [email] = emails;
    expect(email).toMatchObject({ to: reader.email, subject: "Big news" });
    expect(email!.html).toContain('Fish &amp; <a href="https://signals.example/blog"');
    expect(email!.text).toContain("Fish & chips (https://signals.example/blog)");
    expect(email!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https:\/\/signals\.example\/broadcasts\/unsubscribe\?token=[^>]+)>$/.exec(
      email!.headers!["List-Unsubscribe"]!,
    )![1]!;
    expect(email!.text).toContain(link);
    const token = new URL(link).searchParams.get("token")!;
    expect(readBroadcastUnsubscribeToken(token)).toBe(reader.id);
    const path = `/broadcasts/unsubscribe?token=${encodeURIComponent(token)}`;

    // The page asks first; a GET changes nothing.
    expect((await callLoader(unsubscribeRoute, { path })).data).toMatchObject({
      state: "pending",
      email: reader.email,
    });
    // A mail app's one-click POST: from the provider's servers, no Origin, no cookies, any body.
    const posted = await callAction(unsubscribeRoute, { path, origin: null, form: "List-Unsubscribe=One-Click" });
    expect(posted).toMatchObject({ status: 200, data: { state: "done", email: reader.email } });
    expect((await callAction(unsubscribeRoute, { path, origin: null })).status).toBe(200);
    const forged = await callAction(unsubscribeRoute, {
      path: `/broadcasts/unsubscribe?token=${reader.id}.${"x".repeat(43)}`,
    });
    expect(forged.status).toBe(400);

    const later = await sendBroadcastNow(db(), { channel: "both" });
    expect(await queuedMembers(later.id, "email")).toEqual([]);
    expect(await queuedMembers(later.id, "bot")).toEqual([reader.id]);
  });

  it("skips a member who unsubscribed after being queued", async () => {
    const reader = await broadcastMember(db(), { plan: plans.vip });
    const { id } = await sendBroadcastNow(db(), { channel: "email" });
    await db().insert(broadcastOptOuts).values({ userId: reader.id, way: "email" });
    expect(await deliverEmails()).toMatchObject({ sent: 0, skipped: 1 });
    expect(emails).toEqual([]);
    const [row] = await db().select().from(broadcastDeliveries).where(eq(broadcastDeliveries.broadcastId, id));
    expect(row!.status).toBe("skipped");
  });

  it("/stop to the bot stops broadcasts by the bot, /resume brings them back", async () => {
    const api = await startFakeBotApi();
    try {
      const bot = createTelegramBot({
        db: db(),
        config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
        brandName: "NovaSignals",
      })!;
      await bot.init();
      const m = await broadcastMember(db(), { plan: plans.vip });
      await bot.handleUpdate(messageUpdate({ id: m.telegramId }, "/stop") as never);
      expect(api.messagesTo(m.telegramId)).toEqual([botMessages.broadcastsStopped]);
      const stopped = await sendBroadcastNow(db(), { channel: "both" });
      expect(await queuedMembers(stopped.id, "bot")).toEqual([]);
      expect(await queuedMembers(stopped.id, "email")).toEqual([m.id]);

      await bot.handleUpdate(messageUpdate({ id: m.telegramId }, "/resume") as never);
      expect(api.messagesTo(m.telegramId).at(-1)).toBe(botMessages.broadcastsResumed);
      const resumed = await sendBroadcastNow(db(), { channel: "bot" });
      expect(await queuedMembers(resumed.id, "bot")).toEqual([m.id]);

      // Someone the bot does not know is told how to link their account first.
      await bot.handleUpdate(messageUpdate({ id: 5 }, "/stop") as never);
      expect(api.messagesTo(5)).toEqual([botMessages.notLinked]);
    } finally {
      await api.close();
    }
  });

  // Ten thousand members on the embedded database: seconds when the machine is idle, past the
  // usual limit when it is loaded. How fast queuing is belongs to the benchmark, not to this test.
  it("queues ten thousand members in one statement", { timeout: 180_000 }, async () => {
    await db().execute(sql`
      insert into "user" (id, name, email) select 'bulk-' || i, 'Bulk', 'bulk-' || i || '@example.com' from generate_series(1, 10000) i`);
    await db().execute(sql`
      insert into profiles (id, telegram_verified, telegram_user_id)
      select 'bulk-' || i, true, 900000 + i from generate_series(1, 10000) i`);
    const { queued } = await sendBroadcastNow(db(), {
      channel: "bot",
      audience: { statuses: ["never_paid"], planIds: [], endedWithinDays: 30 },
    });
    expect(queued).toBe(10_000);
    // Queuing again adds nobody: (broadcast, member, way) is unique.
    expect(
      await countBroadcastAudience({
        db: db(),
        audience: { statuses: ["never_paid"], planIds: [], endedWithinDays: 30 },
        channel: "bot",
      }),
    ).toMatchObject({ bot: 10_000 });
  });
});
