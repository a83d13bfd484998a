import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { ledgerEntries, notifications, profiles, user } from "#server/db/schema";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { deliverNotifications } from "#server/notifications/deliver-notifications";
import { createTelegramBot } from "#server/telegram/telegram-bot";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { withSmtpServer } from "../../helpers/smtp-server";
import { balanceOf, buy, cardPaid, referredMember, refund, setRule, usdt } from "./referral-support";

withTestDataDir("referral-messages", { BRAND_NAME: "Acme", LOG_LEVEL: "silent" });
const smtp = withSmtpServer();

/*
 * The referrer is told of their reward, and of a refund taking it back, by email (over SMTP) and
 * by the bot: who it came from (as their Referrals list names them), the amount, the balance.
 */
describeEachDatabase("referral messages", (database) => {
  const db = () => database().db;
  let api: FakeBotApi;
  let telegramId = 81_000;

  beforeAll(async () => {
    api = await startFakeBotApi();
    const config = readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot });
    // The notifications job reaches the bot through its singleton.
    setSingleton("telegram-bot", createTelegramBot({ db: db(), config })!);
  });
  afterAll(async () => {
    resetSingleton("telegram-bot");
    await api?.close();
  });
  beforeEach(async () => {
    api.reset();
    await setRule(db(), { kind: "percent", percent: 10 });
  });

  /** A referrer whose Telegram account is verified, so the bot writes to them too. */
  async function referrer(balance?: bigint) {
    const member = await createMember(db(), { firstName: "Rita", balance });
    const chatId = ++telegramId;
    await db()
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(chatId), telegramUsername: `rita${chatId}` })
      .where(eq(profiles.id, member.id));
    return { ...member, chatId };
  }

  const botTextsTo = (chatId: number) =>
    api.calls
      .filter((call) => call.method === "sendMessage" && Number(call.params.chat_id) === chatId)
      .map((call) => String(call.params.text));

  async function deliver() {
    await deliverNotifications({ db: db() });
  }

  it("a reward tells the referrer who signed up, what it added and the balance now", async () => {
    const rita = await referrer(usdt(5));
    const referred = await referredMember(db(), rita.id, { balance: usdt(20) });
    await db().update(profiles).set({ firstName: "Paul", lastName: "Quist" }).where(eq(profiles.id, referred.id));
    await buy(db(), referred.id, (await createPlan(db(), "Gold", usdt(20))).id, usdt(20));
    expect(await balanceOf(db(), rita.id)).toBe(usdt(7));
    await deliver();

    const [mail, ...more] = smtp.mailsTo(rita.email);
    expect(more).toEqual([]);
    expect(mail).toMatch(/^Subject: Referral reward /m);
    expect(mail).toContain(
      "Hi Rita,\n\nPaul Q. signed up through your link and made their first payment: your reward of $2.00 USDT was added to your balance.\n\nYour balance is now $7.00 USDT.",
    );
    // Nothing of the referred member beyond the Referrals list's name: no surname, no address.
    expect(mail).not.toContain("Quist");
    expect(mail).not.toContain(referred.email);
    expect(botTextsTo(rita.chatId)).toEqual([
      [
        "🎉 Referral reward",
        "",
        "Paul Q. signed up through your link and made their first payment: your reward of $2.00 USDT was added to your balance.",
        "Your balance is now $7.00 USDT.",
        "",
        "Dashboard: http://localhost:3000/dashboard",
      ].join("\n"),
    ]);
    // The reward's ledger line is the referrer's own data (their statement, their data download):
    // it names the referred member as the list does, and not what that member paid.
    const [entry] = await db()
      .select({ memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, rita.id), eq(ledgerEntries.kind, "referral")));
    expect(entry?.memo).toBe("Referral reward: Paul Q.'s first payment (10% of the first payment)");
    await expectLedgerInvariant(db());
  });

  it("a refund that takes the reward back tells the referrer what was taken and what is left", async () => {
    const rita = await referrer();
    const referred = await referredMember(db(), rita.id);
    const charge = await cardPaid(db(), referred.id, 2_000);
    await buy(db(), referred.id, (await createPlan(db(), "Gold", usdt(20))).id, usdt(20));
    await deliver();
    api.reset();
    const before = smtp.mailsTo(rita.email).length;

    await refund(db(), charge, 1_000);
    expect(await balanceOf(db(), rita.id)).toBe(usdt(1));
    await deliver();
    const mails = smtp.mailsTo(rita.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: Referral reward taken back /m);
    expect(mails[0]).toContain(
      "The first payment of Test M., which earned you a referral reward, was refunded, so $1.00 USDT of that reward was taken back from your balance.\n\nLeft on your balance: $1.00 USDT.",
    );
    expect(botTextsTo(rita.chatId)).toEqual([
      expect.stringContaining(
        "➖ Referral reward taken back\n\nThe first payment of Test M., which earned you a referral reward, was refunded, so $1.00 USDT of that reward was taken back from your balance.\nLeft on your balance: $1.00 USDT.",
      ),
    ]);
    await expectLedgerInvariant(db());
  });

  it("a deleted referrer's reward is kept in the books only; a bot the referrer blocked leaves the email", async () => {
    const gone = await referrer();
    const fromGone = await referredMember(db(), gone.id, { balance: usdt(20) });
    await db().update(user).set({ deletedAt: new Date() }).where(eq(user.id, gone.id));
    await buy(db(), fromGone.id, (await createPlan(db(), "Gold", usdt(20))).id, usdt(20));
    expect(await balanceOf(db(), gone.id)).toBe(usdt(2));
    expect(await db().select().from(notifications).where(eq(notifications.userId, gone.id))).toEqual([]);

    const blocking = await referrer();
    api.blockBot(blocking.chatId);
    const fromBlocking = await referredMember(db(), blocking.id, { balance: usdt(30) });
    await buy(db(), fromBlocking.id, (await createPlan(db(), "Silver", usdt(30))).id, usdt(30));
    await deliver();
    expect(smtp.mailsTo(blocking.email).at(-1)).toContain("your reward of $3.00 USDT was added to your balance");
  });
});
