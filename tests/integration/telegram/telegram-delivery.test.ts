import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { notifications, pricing, profiles, subscriptions, telegramChatMembers } from "#server/db/schema";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { enqueueNotification, notificationKinds } from "#server/notifications/enqueue-notification";
import { deliverTelegramNotification } from "#server/telegram/deliver-telegram-notification";
import { botMessages, renderTelegramNotification } from "#server/telegram/messages";
import { reconcileTelegramAccess } from "#server/telegram/reconcile-telegram-access";
import { removeExpiredAccess } from "#server/telegram/remove-expired-access";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { sendAccessLinks } from "#server/telegram/send-access-links";
import { startTelegramPolling } from "#server/telegram/start-telegram-polling";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import {
  PORTAL_MENU_BUTTON,
  setPortalMenuButton,
  setTelegramWebhook,
  telegramWebhookMiddleware,
} from "#server/telegram/telegram-webhook";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { messageUpdate, postUpdate, serveWebhook, startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";

const DASHBOARD = "https://signals.example/dashboard";
const LINKS = { dashboardUrl: DASHBOARD, siteUrl: "https://signals.example" };
const VIP_CHAT = -1001000000002;

setTestEnv({ PUBLIC_URL: "https://signals.example" });

describeEachDatabase("telegram bot: notifications, polling, bot off", (database) => {
  let api: FakeBotApi;
  let bot: TelegramBot;
  const db = () => database().db;
  let vipPlanId = 0;
  let nextTelegramId = 20_000;
  const config = () => readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot });

  beforeAll(async () => {
    api = await startFakeBotApi();
    bot = createTelegramBot({ db: db(), config: config(), brandName: "NovaSignals" })!;
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: "vip-signals", name: "VIP Signals", price: 49_000_000n, published: true })
      .returning();
    vipPlanId = plan!.id;
    await seedPlanChats({ db: db(), planChats: { "vip-signals": [VIP_CHAT] } });
  });
  afterAll(() => api?.close());
  beforeEach(() => api.reset());

  const verifiedMember = async (options: { balance?: bigint } = {}) => {
    const telegramId = ++nextTelegramId;
    const m = await createMember(db(), {
      telegramUsername: `member${telegramId}`,
      firstName: "Ada",
      balance: options.balance,
    });
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(telegramId) })
      .where(eq(profiles.id, m.id));
    return { ...m, telegramId };
  };
  const latestNotification = async (userId: string) => {
    const rows = await db().select().from(notifications).where(eq(notifications.userId, userId));
    return rows.at(-1)!;
  };

  it("sends a confirmed purchase by Telegram once, followed by the access links", async () => {
    const m = await verifiedMember({ balance: 100_000_000n });
    const purchase = await purchaseSubscriptions({
      db: db(),
      userId: m.id,
      planIds: [vipPlanId],
      billingPeriod: "monthly",
      totalAmount: 49_000_000n,
      idempotencyKey: "tg-1",
    });
    expect(purchase.activeSubscriptions).toContain(vipPlanId);
    const row = await latestNotification(m.id);
    const options = { db: db(), bot, userId: m.id, kind: row.kind, payload: row.payload, notificationId: row.id };
    expect(await deliverTelegramNotification(options)).toBe("sent");
    const [confirmation, links] = api.messagesTo(m.telegramId);
    // Paid up to a month from today: the day the subscription row names.
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, m.id));
    const until = formatDate(sub!.nextBillingDate!.toISOString().slice(0, 10));
    expect(confirmation).toBe(
      `✅ Your subscription is active\n\nYou subscribed to VIP Signals (monthly) for $49.00 USDT, active until ${until}.\nInvoice: ${row.payload.invoiceId}\nYour receipt: https://signals.example/dashboard/receipts/${row.payload.invoiceId}\nLeft on your balance: $51.00 USDT.\n\nDashboard: ${DASHBOARD}`,
    );
    expect(links).toContain("• VIP Signals: https://t.me/+fake");
    // The email of this row may be retried: Telegram does not repeat it.
    expect(await deliverTelegramNotification(options)).toBe("skipped");
    expect(api.messagesTo(m.telegramId)).toHaveLength(2);
  });

  it("has a Telegram text for every notification kind, and skips members who are not verified", async () => {
    const m = await verifiedMember();
    const payloads: Record<string, Record<string, string>> = {
      deposit_credited: { amount: "$25.50", balance: "$30.00", txId: "abc123" },
      renewal_charged: {
        plan: "VIP Signals",
        amount: "$49.00 USDT",
        nextBillingDate: "2031-04-15",
        invoiceId: "INV-1",
      },
      renewal_failed: { plan: "VIP Signals", amount: "$49.00 USDT", balance: "$1.00", shortfall: "$48.00" },
      subscription_expired: { plan: "VIP Signals", endedOn: "2031-03-15" },
      renewal_reminder: {
        plan: "VIP Signals",
        dueDate: "2031-03-15",
        amount: "$49.00 USDT",
        balance: "$1.00",
        shortfall: "$48.00",
        window: "72h",
      },
      balance_credited: { amount: "$2.50", balance: "$7.50" },
    };
    for (const kind of notificationKinds)
      expect(renderTelegramNotification(kind, payloads[kind] ?? {}, LINKS)).toContain(`Dashboard: ${DASHBOARD}`);
    for (const [kind, payload] of Object.entries(payloads)) {
      await enqueueNotification({ tx: db(), userId: m.id, kind: kind as (typeof notificationKinds)[number], payload });
      const row = await latestNotification(m.id);
      expect(
        await deliverTelegramNotification({ db: db(), bot, userId: m.id, kind, payload, notificationId: row.id }),
      ).toBe("sent");
    }
    const texts = api.messagesTo(m.telegramId);
    expect(texts[0]).toBe(
      `💰 Deposit received\n\nYour deposit of $25.50 USDT (TRC-20) arrived.\nYour balance is now $30.00 USDT.\nTransaction: abc123\n\nDashboard: ${DASHBOARD}`,
    );
    expect(texts[1]).toContain(
      "VIP Signals was renewed for $49.00 USDT from your balance.\nNext renewal: Apr 15, " +
        "2031.\nInvoice: INV-1\nYour receipt: https://signals.example/dashboard/receipts/INV-1",
    );
    expect(texts[2]).toContain(
      "Your balance did not cover the renewal of VIP Signals ($49.00 USDT), so it has ended.\nNothing was taken: your balance is $1.00 USDT, $48.00 USDT short of the renewal.",
    );
    expect(texts[3]).toContain("VIP Signals has ended because autorenew was off.");
    // A plan ended as the member scheduled, moving to a plan they already hold: the bot says what the email says.
    const scheduled = { plan: "All-in-One", endedOn: "2031-03-15", reason: "scheduled", continuing: "VIP Signals" };
    expect(renderTelegramNotification("subscription_expired", scheduled, LINKS)).toContain(
      "All-in-One has ended as you scheduled, and nothing was charged. VIP Signals continues under the plan you already have.\nThere is nothing to do.",
    );
    expect(texts[4]).toContain(
      "VIP Signals renews on Mar 15, 2031 for $49.00 USDT, and your balance ($1.00 USDT) does " +
        "not cover it.\nDeposit at least $48.00 USDT",
    );
    // An operator's credit is no transfer: it is not described as a TRC-20 deposit.
    expect(texts[5]).toBe(
      `💰 Balance credited\n\nOur team added $2.50 USDT to your balance.\nYour balance is now $7.50 USDT.\n\nDashboard: ${DASHBOARD}`,
    );

    const unverified = await createMember(db(), { telegramUsername: "not_yet" });
    expect(
      await deliverTelegramNotification({
        db: db(),
        bot,
        userId: unverified.id,
        kind: "deposit_credited",
        payload: {},
      }),
    ).toBe("skipped");
    expect(await deliverTelegramNotification({ db: db(), bot, userId: m.id, kind: "no_such_kind", payload: {} })).toBe(
      "skipped",
    );
  });

  it("reports a Telegram failure without throwing (a blocked bot must not hold up the email)", async () => {
    const m = await verifiedMember();
    api.failNext("sendMessage", { error_code: 403, description: "Forbidden: bot was blocked by the user" });
    expect(
      await deliverTelegramNotification({
        db: db(),
        bot,
        userId: m.id,
        kind: "deposit_credited",
        payload: { amount: "$5.00" },
      }),
    ).toBe("failed");
  });

  it("writes each delivery's outcome on its notification row: failed with the error, then sent", async () => {
    const m = await verifiedMember();
    await enqueueNotification({ tx: db(), userId: m.id, kind: "deposit_credited", payload: { amount: "$5.00" } });
    const row = await latestNotification(m.id);
    expect(row).toMatchObject({ telegramStatus: null, telegramError: null });
    const options = { db: db(), bot, userId: m.id, kind: row.kind, payload: row.payload, notificationId: row.id };
    const status = async () => {
      const [n] = await db().select().from(notifications).where(eq(notifications.id, row.id));
      return { telegramStatus: n!.telegramStatus, telegramError: n!.telegramError };
    };

    api.failNext("sendMessage", { error_code: 403, description: "Forbidden: bot was blocked by the user" });
    expect(await deliverTelegramNotification(options)).toBe("failed");
    expect(await status()).toEqual({
      telegramStatus: "failed",
      telegramError: expect.stringContaining("Forbidden: bot was blocked by the user"),
    });

    expect(await deliverTelegramNotification(options)).toBe("sent");
    expect(await status()).toEqual({ telegramStatus: "sent", telegramError: null });
    // Already sent: a later try (the email retried) leaves it sent.
    expect(await deliverTelegramNotification(options)).toBe("skipped");
    expect(await status()).toEqual({ telegramStatus: "sent", telegramError: null });
    expect(api.messagesTo(m.telegramId)).toHaveLength(2);

    const unverified = await createMember(db(), { telegramUsername: "not_verified_yet" });
    await enqueueNotification({ tx: db(), userId: unverified.id, kind: "deposit_credited", payload: {} });
    const other = await latestNotification(unverified.id);
    expect(await deliverTelegramNotification({ ...options, userId: unverified.id, notificationId: other.id })).toBe(
      "skipped",
    );
    const [skipped] = await db().select().from(notifications).where(eq(notifications.id, other.id));
    expect(skipped).toMatchObject({ telegramStatus: "skipped", telegramError: null });
  });

  it("long polling handles updates and stops when the signal aborts", async () => {
    const pollingBot = createTelegramBot({ db: db(), config: config(), brandName: "NovaSignals" })!;
    const controller = new AbortController();
    const running = startTelegramPolling({ bot: pollingBot, signal: controller.signal });
    api.pushUpdate(messageUpdate({ id: 31_337, username: "poller" }, "/start"));
    await expect.poll(() => api.messagesTo(31_337), { timeout: 10_000 }).toEqual([botMessages.welcome("NovaSignals")]);
    controller.abort();
    await running;
    expect(api.callsOf("deleteWebhook")).toHaveLength(1);
    expect(api.callsOf("getUpdates")[0]!.params.allowed_updates).toEqual([
      "message",
      "chat_join_request",
      "chat_member",
    ]);
    expect(api.callsOf("setMyCommands")).toHaveLength(1);
  });

  it("points the menu button at the portal on an https site, and leaves it alone on http", async () => {
    const before = api.callsOf("setChatMenuButton").length;
    expect(await setPortalMenuButton({ bot, siteUrl: "http://localhost:3000" })).toBe(false);
    expect(api.callsOf("setChatMenuButton")).toHaveLength(before);
    expect(await setPortalMenuButton({ bot, siteUrl: "https://signals.example" })).toBe(true);
    expect(api.callsOf("setChatMenuButton").at(-1)!.params).toEqual({
      menu_button: { type: "web_app", text: PORTAL_MENU_BUTTON, web_app: { url: "https://signals.example/tg" } },
    });
  });

  it("sets the webhook with the secret and the handled update types", async () => {
    expect(
      await setTelegramWebhook({
        bot,
        url: "https://signals.example/api/telegram/webhook",
        secret: "webhook-secret-0123456789",
      }),
    ).toBe(true);
    expect(api.callsOf("setWebhook")[0]!.params).toEqual({
      url: "https://signals.example/api/telegram/webhook",
      secret_token: "webhook-secret-0123456789",
      allowed_updates: ["message", "chat_join_request", "chat_member"],
    });
  });

  it("does nothing at all with the bot off (no token)", async () => {
    const off = createTelegramBot({ db: db(), config: readTelegramConfig({}) });
    expect(off).toBeUndefined();
    const m = await verifiedMember();
    const [sub] = await db()
      .insert(subscriptions)
      .values({ userId: m.id, planId: vipPlanId, billingPeriod: "lifetime", autorenew: false })
      .returning();
    await db().insert(telegramChatMembers).values({ chatId: VIP_CHAT, telegramUserId: 1, userId: null });
    expect(await sendAccessLinks({ db: db(), bot: off, userId: m.id })).toEqual({ sent: 0 });
    expect(await removeExpiredAccess({ db: db(), bot: off })).toEqual({ removed: 0, failed: 0 });
    expect(await removeExpiredAccess({ db: db(), bot: off, subscriptionIds: [sub!.id] })).toEqual({
      removed: 0,
      failed: 0,
    });
    expect(await reconcileTelegramAccess({ db: db(), bot: off })).toEqual({
      removed: 0,
      failed: 0,
      present: 0,
      linksSent: 0,
      membersMissing: 0,
    });
    expect(
      await deliverTelegramNotification({ db: db(), bot: off, userId: m.id, kind: "deposit_credited", payload: {} }),
    ).toBe("skipped");
    expect(await setTelegramWebhook({ bot: off, url: "https://x.example/api/telegram/webhook", secret: "x" })).toBe(
      false,
    );
    await startTelegramPolling({ bot: off, signal: new AbortController().signal });
    const hook = await serveWebhook(telegramWebhookMiddleware({ bot: off, secret: undefined }));
    expect((await postUpdate(hook.url, messageUpdate({ id: 1 }, "/start"), "anything")).status).toBe(404);
    await hook.close();
    expect(api.calls).toEqual([]);
    expect(await db().select().from(telegramChatMembers).where(eq(telegramChatMembers.telegramUserId, 1))).toHaveLength(
      1,
    );
  });
});
