import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { FailedNotificationsView } from "~/lib/view-types/admin/money";
import { action, loader } from "~/routes/admin/money/admin.money.notifications";
import { auditLog, notifications, profiles } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { deliverNotifications } from "#server/notifications/deliver-notifications";
import { deliverTelegramRetries } from "#server/notifications/deliver-telegram-retries";
import { enqueueNotification } from "#server/notifications/enqueue-notification";
import { NOTIFICATION_MAX_ATTEMPTS } from "#server/notifications/failed-deliveries";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-money-notifications");

const PATH = "/admin/money/notifications";
const failing = async () => {
  throw new Error("550 mailbox unavailable");
};

describeEachDatabase("money: failed notifications and their retry", (database) => {
  const db = () => database().db;
  let admin: Awaited<ReturnType<typeof signUpStaff>>;
  let api: FakeBotApi;
  let bot: TelegramBot;
  let telegramId = 70_000;
  const sent: Email[] = [];
  const capture = async (email: Email) => void sent.push(email);

  useProcessDatabase(database);
  beforeAll(async () => {
    admin = await signUpStaff(db(), "admin");
    api = await startFakeBotApi();
    bot = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
    })!;
    // The outbox job reaches the bot through its singleton.
    setSingleton("telegram-bot", bot);
  });
  afterAll(async () => {
    resetSingleton("telegram-bot");
    await api?.close();
  });
  beforeEach(async () => {
    api.reset();
    sent.splice(0);
    await db().delete(notifications);
  });

  const view = async () =>
    (await callLoader(loader, { path: PATH, cookie: admin.cookie })).data as unknown as FailedNotificationsView;
  const retry = (notificationId: bigint, channel: "email" | "telegram") =>
    callAction(action, {
      path: PATH,
      cookie: admin.cookie,
      form: { intent: "retry", notificationId: String(notificationId), channel },
    });
  const row = async (id: bigint) => (await db().select().from(notifications).where(eq(notifications.id, id)))[0]!;
  const makeDue = () => db().execute(sql`update notifications set next_attempt_at = now() where email_sent_at is null`);
  const audits = (userId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member.notification-retried"), eq(auditLog.targetId, userId)));
  const queue = async (userId: string) => {
    await enqueueNotification({
      tx: db(),
      userId,
      kind: "renewal_failed",
      payload: { plan: "VIP Signals", amount: "$49.00 USDT", balance: "$1.00", shortfall: "$48.00" },
    });
    const [n] = await db().select().from(notifications).where(eq(notifications.userId, userId));
    return n!.id;
  };
  /** Moves a notification's queued time back, so "queued" and "failed" cannot coincide. */
  const queuedHoursAgo = (id: bigint, hours: number) =>
    db()
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
      .where(eq(notifications.id, id));
  /** The delivery's failure time is `attempt` (to the millisecond), well after it was queued. */
  const expectLastAttempt = (delivery: FailedNotificationsView["deliveries"][number], attempt: Date) => {
    expect(delivery.failedAt).not.toBeNull();
    expect(Math.abs(Date.parse(delivery.failedAt!) - attempt.getTime())).toBeLessThanOrEqual(1);
    expect(Date.parse(delivery.failedAt!) - Date.parse(delivery.createdAt)).toBeGreaterThan(3_600_000);
  };
  const verifiedMember = async () => {
    const id = ++telegramId;
    const m = await createMember(db(), { telegramUsername: `member${id}` });
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(id) })
      .where(eq(profiles.id, m.id));
    return { ...m, telegramId: id };
  };

  it("lists an email only once the outbox gave up on it, and a retry queues it once until it is sent", async () => {
    const m = await createMember(db(), { email: "gave-up@example.com" });
    const id = await queue(m.id);
    await queuedHoursAgo(id, 2);
    expect(await deliverNotifications({ db: db(), send: failing })).toEqual({ sent: 0, failed: 1 });
    // Still being tried: counted, not listed, and not retried by hand.
    expect(await view()).toMatchObject({ deliveries: [], emailsRetrying: 1, canRetry: true });
    expect((await retry(id, "email")).data).toMatchObject({
      ok: true,
      message: "This email is already queued for another try.",
    });

    await db()
      .update(notifications)
      .set({ emailAttempts: NOTIFICATION_MAX_ATTEMPTS - 1 })
      .where(eq(notifications.id, id));
    await makeDue();
    expect(await deliverNotifications({ db: db(), send: failing })).toEqual({ sent: 0, failed: 1 });
    // The last failure leaves the row free at once (no back-off after the last attempt).
    expect((await row(id)).nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await view()).deliveries).toEqual([
      {
        notificationId: String(id),
        channel: "email",
        userId: m.id,
        memberEmail: "gave-up@example.com",
        recipient: "gave-up@example.com",
        kind: "renewal_failed",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        attempts: NOTIFICATION_MAX_ATTEMPTS,
        error: "550 mailbox unavailable",
      },
    ]);
    // When it failed is its last attempt, not when it was queued.
    const [givenUp] = (await view()).deliveries;
    expectLastAttempt(givenUp!, (await row(id)).nextAttemptAt);

    const first = await retry(id, "email");
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ ok: true, message: "The email is queued and goes out within a minute." });
    // A double click: nothing more is queued, nothing more audited.
    expect((await retry(id, "email")).data).toMatchObject({ message: "This email is already queued for another try." });
    expect(await row(id)).toMatchObject({ emailAttempts: 0, emailSentAt: null });
    const audited = await audits(m.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      targetType: "member",
      actorLabel: admin.email,
      before: { notification: String(id), channel: "email", error: "550 mailbox unavailable" },
      after: { notification: String(id), channel: "email", queued: true },
    });
    expect((await view()).deliveries).toEqual([]);

    expect(await deliverNotifications({ db: db(), send: capture })).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((e) => e.to)).toEqual(["gave-up@example.com"]);
    expect(await view()).toMatchObject({ deliveries: [], emailsRetrying: 0 });
    expect((await retry(id, "email")).data).toMatchObject({ message: "This email has been sent already." });
    expect(await audits(m.id)).toHaveLength(1);
  });

  it("records a failed Telegram copy, lists it once its email is done, and a retry sends it once", async () => {
    const m = await verifiedMember();
    const id = await queue(m.id);
    await queuedHoursAgo(id, 3);
    api.failNext("sendMessage", { error_code: 403, description: "Forbidden: bot was blocked by the user" });
    expect(await deliverNotifications({ db: db(), send: capture })).toEqual({ sent: 1, failed: 0 });
    expect(await row(id)).toMatchObject({
      telegramStatus: "failed",
      telegramError: expect.stringContaining("Forbidden: bot was blocked by the user"),
    });
    const [failed] = (await view()).deliveries;
    expect(failed).toMatchObject({
      notificationId: String(id),
      channel: "telegram",
      recipient: `@member${m.telegramId}`,
      attempts: null,
      error: expect.stringContaining("bot was blocked"),
    });
    const tried = (await row(id)).telegramAttemptedAt;
    expect(tried).toBeInstanceOf(Date);
    expectLastAttempt(failed!, tried!);

    expect((await retry(id, "telegram")).data).toMatchObject({
      ok: true,
      message: "The Telegram message is queued and goes out within a minute.",
    });
    expect((await retry(id, "telegram")).data).toMatchObject({
      message: "This Telegram message is already queued for another try.",
    });
    expect(await audits(m.id)).toHaveLength(1);
    expect(await view()).toMatchObject({ deliveries: [], telegramQueued: 1 });
    // The email job leaves a queued copy to the retry job.
    expect(await deliverNotifications({ db: db(), send: capture })).toEqual({ sent: 0, failed: 0 });

    // A run with no time left sends nothing and hands its claim back, due at once.
    expect(await deliverTelegramRetries({ db: db(), bot, runBudgetMs: -1 })).toEqual({ sent: 0, failed: 0 });
    expect(api.messagesTo(m.telegramId)).toHaveLength(1);
    expect((await row(id)).telegramNextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await deliverTelegramRetries({ db: db(), bot })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverTelegramRetries({ db: db(), bot })).toEqual({ sent: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ telegramStatus: "sent", telegramError: null, telegramNextAttemptAt: null });
    expect(api.messagesTo(m.telegramId)).toHaveLength(2);
    expect(await view()).toMatchObject({ deliveries: [], telegramQueued: 0 });
    expect((await retry(id, "telegram")).data).toMatchObject({
      message: "This Telegram message has been sent already.",
    });
  });

  it("leaves a failed Telegram copy to the outbox while its email is still being tried", async () => {
    const m = await verifiedMember();
    const id = await queue(m.id);
    api.failNext("sendMessage");
    expect(await deliverNotifications({ db: db(), send: failing })).toEqual({ sent: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ telegramStatus: "failed" });
    expect(await view()).toMatchObject({ deliveries: [], emailsRetrying: 1 });
    expect((await retry(id, "telegram")).data).toMatchObject({
      message: "This Telegram message is tried again with its email, which is still being sent.",
    });
    // The next email attempt tries Telegram again.
    await makeDue();
    expect(await deliverNotifications({ db: db(), send: capture })).toEqual({ sent: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ telegramStatus: "sent", emailAttempts: 2 });
    expect(await audits(m.id)).toHaveLength(0);
  });

  it("refuses an unknown notification and a bad channel", async () => {
    expect((await retry(987_654_321n, "email")).status).toBe(404);
    const bad = await callAction(action, {
      path: PATH,
      cookie: admin.cookie,
      form: { intent: "retry", notificationId: "1", channel: "sms" },
    });
    expect(bad.status).toBe(400);
  });
});
