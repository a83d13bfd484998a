import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { orderReference } from "~/lib/orders";
import { notifications } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { deliverNotifications } from "#server/notifications/deliver-notifications";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { adjustMemberBalanceByStaff } from "#server/staff/members/adjust-member-balance";
import { renderTelegramNotification } from "#server/telegram/messages";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { createPlan, usdtTransfer } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { failOnce, literal } from "../../helpers/fail-once";
import { randomTronAddress } from "../../helpers/fake-trongrid";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

withTestDataDir("money-messages", { BRAND_NAME: "Acme" });

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const LINKS = { dashboardUrl: "https://signals.example/dashboard", siteUrl: "https://signals.example" };

describeEachDatabase("money messages say what arrived, what it paid for and what is left", (database) => {
  const db = () => database().db;

  const messagesOf = (userId: string) =>
    db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

  /** Delivers what is due and returns the emails sent, as the notifications job would. */
  async function deliver() {
    const sent: Email[] = [];
    await deliverNotifications({ db: db(), send: async (email) => void sent.push(email) });
    return sent;
  }

  async function memberWithOrder(price = 116) {
    const plan = await createPlan(db(), "VIP", usdt(price));
    const member = await createMember(db(), { firstName: "Vera" });
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
    });
    return { member, orderId, reference: orderReference(orderId) };
  }

  it("a deposit that pays the open order sends one message, by email and bot: what arrived, what it paid, what is left", async () => {
    const { member, reference } = await memberWithOrder();
    const event = usdtTransfer(randomTronAddress(), usdt(200));
    const { completion } = await creditDeposit({ db: db(), event, userId: member.id });
    expect(completion).toMatchObject({ status: "paid" });

    const rows = await messagesOf(member.id);
    expect(rows.map((row) => row.kind)).toEqual(["purchase_confirmed"]);
    const until = formatDate(rows[0]!.payload.activeUntil!);
    const emails = await deliver();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`Deposit received: order ${reference} paid — Acme`);
    expect(emails[0]!.text.split("\n\n").slice(0, 7)).toEqual([
      "Hi Vera,",
      "Your deposit of $200.00 USDT (TRC-20) arrived.",
      `It paid order ${reference}: VIP (monthly) for $116.00 USDT, active until ${until}.`,
      `Invoice: ${rows[0]!.payload.invoiceId}.`,
      expect.stringMatching(/^Your receipt: http.*\/dashboard\/receipts\/INV-/),
      "Left on your balance: $84.00 USDT.",
      `Transaction: ${event.txId}`,
    ]);
    // The bot says the same, its title first.
    expect(renderTelegramNotification(rows[0]!.kind, rows[0]!.payload, LINKS)).toBe(
      [
        `✅ $200.00 USDT arrived and paid order ${reference}`,
        "",
        "Your deposit of $200.00 USDT (TRC-20) arrived.",
        `It paid order ${reference}: VIP (monthly) for $116.00 USDT, active until ${until}.`,
        `Invoice: ${rows[0]!.payload.invoiceId}`,
        `Your receipt: https://signals.example/dashboard/receipts/${rows[0]!.payload.invoiceId}`,
        "Left on your balance: $84.00 USDT.",
        `Transaction: ${event.txId}`,
        "",
        "Dashboard: https://signals.example/dashboard",
      ].join("\n"),
    );
    // Nothing else is due for this deposit, now or once the hold would have ended.
    await db().execute(sql`update notifications set next_attempt_at = now() where user_id = ${member.id}`);
    expect(await deliver()).toEqual([]);
    await expectLedgerInvariant(db());
  });

  it("a deposit short of the order goes at once and says what the order still needs; the next one pays it", async () => {
    const { member, reference } = await memberWithOrder();
    await creditDeposit({ db: db(), event: usdtTransfer(randomTronAddress(), usdt(100)), userId: member.id });
    const [first] = await deliver();
    expect(first!.subject).toBe("Deposit received — Acme");
    expect(first!.text).toContain(
      [
        "Your deposit of $100.00 USDT (TRC-20) arrived.",
        "Your balance is now $100.00 USDT.",
        `Order ${reference} still needs $16.00 USDT: it is paid as soon as your balance covers it.`,
      ].join("\n\n"),
    );
    await creditDeposit({ db: db(), event: usdtTransfer(randomTronAddress(), usdt(20)), userId: member.id });
    const [second, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(second!.subject).toBe(`Deposit received: order ${reference} paid — Acme`);
    expect(second!.text).toContain("Left on your balance: $4.00 USDT.");
    expect((await messagesOf(member.id)).map((row) => row.kind)).toEqual(["deposit_credited", "purchase_confirmed"]);
  });

  it("without an open order a deposit's message is due at once; with one it waits for the completion", async () => {
    const plain = await createMember(db());
    const { member } = await memberWithOrder();
    const failing = await failOnce(db(), { table: "subscriptions", when: `new.user_id = ${literal(member.id)}` });
    for (const userId of [plain.id, member.id])
      await creditDeposit({ db: db(), event: usdtTransfer(randomTronAddress(), usdt(200)), userId });
    await failing.remove();
    const [now] = (await db().execute<{ now: Date }>(sql`select now() as now`)).rows;
    const [unheld] = await messagesOf(plain.id);
    const [held] = await messagesOf(member.id);
    expect(new Date(unheld!.nextAttemptAt).getTime()).toBeLessThanOrEqual(new Date(now!.now).getTime());
    // The completion failed: the credit stands, and its message goes alone once the hold ends.
    expect(held).toMatchObject({ kind: "deposit_credited", emailAttempts: 0 });
    expect(new Date(held!.nextAttemptAt).getTime()).toBeGreaterThan(new Date(now!.now).getTime() + 30_000);
    expect((await deliver()).map((email) => email.to)).toEqual([(await emailOf(plain.id))!]);
  });

  it("a credit's message already on its way is left alone: the confirmation then says what the balance paid", async () => {
    const { member, reference } = await memberWithOrder();
    const failing = await failOnce(db(), { table: "subscriptions", when: `new.user_id = ${literal(member.id)}` });
    const event = usdtTransfer(randomTronAddress(), usdt(200));
    await creditDeposit({ db: db(), event, userId: member.id });
    await failing.remove();
    const [held] = await messagesOf(member.id);
    // The deliverer claimed it meanwhile (its try counted).
    await db().update(notifications).set({ emailAttempts: 1 }).where(eq(notifications.id, held!.id));
    const completion = await completeCoveredOrder({
      db: db(),
      userId: member.id,
      credit: { reference: `tron:${event.txId}:0`, notificationId: String(held!.id) },
    });
    expect(completion.status).toBe("paid");
    const rows = await messagesOf(member.id);
    expect(rows.map((row) => row.kind)).toEqual(["deposit_credited", "purchase_confirmed"]);
    expect(rows[1]!.payload.via).toBeUndefined();
    const [email] = await deliver();
    expect(email!.subject).toBe(`Order ${reference} paid: your subscription is active — Acme`);
    expect(email!.text).toContain(`Your balance paid order ${reference}: VIP (monthly) for $116.00 USDT, active until`);
  });

  it("a credit from our team that pays the order sends one message saying so", async () => {
    const { member, reference } = await memberWithOrder(10);
    await adjustMemberBalanceByStaff({
      db: db(),
      memberId: member.id,
      direction: "credit",
      amount: usdt(12),
      reason: "goodwill",
      key: crypto.randomUUID(),
      actor: { userId: null, label: "test", role: "owner" },
    });
    const emails = await deliver();
    expect(emails.map((email) => email.subject)).toEqual([`Balance credited: order ${reference} paid — Acme`]);
    expect(emails[0]!.text).toContain(
      `Our team added $12.00 USDT to your balance.\n\nIt paid order ${reference}: VIP (monthly) for $10.00 USDT, active until`,
    );
    expect(emails[0]!.text).toContain("Left on your balance: $2.00 USDT.");
  });

  it("a debit by our team says what was taken, why, and what is left", async () => {
    const member = await createMember(db(), { balance: usdt(30) });
    await adjustMemberBalanceByStaff({
      db: db(),
      memberId: member.id,
      direction: "debit",
      amount: usdt(5),
      reason: "Duplicate credit",
      key: crypto.randomUUID(),
      actor: { userId: null, label: "test", role: "owner" },
    });
    const [row] = (await messagesOf(member.id)).filter((message) => message.kind === "balance_debited");
    const [email] = (await deliver()).filter((sent) => sent.subject.startsWith("Balance debited"));
    expect(email!.text).toContain(
      "Our team took $5.00 USDT from your balance: Duplicate credit.\n\nLeft on your balance: $25.00 USDT.",
    );
    expect(renderTelegramNotification(row!.kind, row!.payload, LINKS)).toContain(
      "➖ Balance debited\n\nOur team took $5.00 USDT from your balance: Duplicate credit.\nLeft on your balance: $25.00 USDT.",
    );
  });

  async function emailOf(userId: string) {
    const rows = await db().execute<{ email: string }>(sql`select email from "user" where id = ${userId}`);
    return rows.rows[0]?.email;
  }
});
