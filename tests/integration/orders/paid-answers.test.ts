import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { balanceAdjustedText, balancePaidText } from "~/lib/billing/money-messages";
import { formatDate } from "~/lib/dates";
import { orderReference } from "~/lib/orders";
import * as balanceRoute from "~/routes/api/admin/api.admin.members.$memberId.balance";
import { postLedgerEntry } from "#server/billing/ledger";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { pricing } from "#server/db/schema";
import { acceptOrderPrice } from "#server/orders/accept-order-price";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { paidAnswer } from "#server/orders/paid-answer";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { callAction } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("paid-answers", { LOG_LEVEL: "silent" });

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const HOUR = 60 * 60 * 1000;
/** The day a monthly plan bought at `at` is paid up to, as the toast prints it. */
const monthAfter = (at: Date) => {
  const until = new Date(at);
  until.setUTCMonth(until.getUTCMonth() + 1);
  return formatDate(until);
};

/*
 * What the member's own payment from the balance and the back office's credit answer: the facts
 * their toasts say (what was paid, for which plans, until when, what is left), from the server.
 */
describeEachDatabase("answers that say what the balance paid", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  beforeAll(async () => {
    owner = await signUpStaff(db(), "owner");
  });

  it("accepting a new total that the balance covers answers the order paid, its plans, until when, and what is left", async () => {
    const plan = await createPlan(db(), "Theta", usdt(25));
    const { id } = await createMember(db());
    const now = new Date();
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [plan.id], billingPeriod: "monthly", now });
    await db()
      .update(pricing)
      .set({ price: usdt(30) })
      .where(eq(pricing.id, plan.id));
    await postLedgerEntry({
      tx: db(),
      userId: id,
      kind: "adjustment",
      amount: usdt(40),
      reference: `t:${id}`,
      memo: "t",
    });
    const later = new Date(now.getTime() + 25 * HOUR);
    // The hold lapsed: the order is priced again and waits for the member to accept the new total.
    expect(await completeCoveredOrder({ db: db(), userId: id, now: later })).toEqual({
      status: "awaiting-acceptance",
      orderId,
    });
    const answer = paidAnswer(await acceptOrderPrice({ db: db(), userId: id, orderId, total: usdt(30), now: later }));
    const reference = orderReference(orderId);
    expect(answer).toEqual({
      paid: true,
      paidOrder: {
        reference,
        total: String(usdt(30)),
        plans: ["Theta"],
        period: "monthly",
        activeUntil: expect.any(String),
      },
      balance: String(usdt(10)),
    });
    expect(
      answer.paid && balancePaidText({ bought: answer.paidOrder, order: reference, balance: answer.balance }),
    ).toBe(
      `Your balance paid order ${reference}: Theta (monthly) for $30.00 USDT, active until ${monthAfter(later)}. Left on your balance: $10.00 USDT.`,
    );
    await expectLedgerInvariant(db());
  });

  it("a purchase from the balance answers what it bought, until when, and what is left", async () => {
    const plan = await createPlan(db(), "Iota", usdt(12));
    const { id } = await createMember(db(), { balance: usdt(50) });
    const now = new Date();
    const result = await purchaseSubscriptions({
      db: db(),
      userId: id,
      planIds: [plan.id],
      billingPeriod: "monthly",
      totalAmount: usdt(12),
      idempotencyKey: crypto.randomUUID(),
      now,
    });
    expect(result.bought).toEqual({
      total: String(usdt(12)),
      plans: ["Iota"],
      period: "monthly",
      activeUntil: expect.any(String),
    });
    expect(balancePaidText({ bought: result.bought!, balance: result.newBalance })).toBe(
      `You subscribed to Iota (monthly) for $12.00 USDT, active until ${monthAfter(now)}. Left on your balance: $38.00 USDT.`,
    );
  });

  it("the back office's credit answers what was credited, the order it paid, and the balance now", async () => {
    const plan = await createPlan(db(), "Kappa", usdt(10));
    const { id } = await createMember(db());
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [plan.id], billingPeriod: "monthly" });
    const post = (form: Record<string, string>) =>
      callAction(balanceRoute, {
        path: `/api/admin/members/${id}/balance`,
        params: { memberId: id },
        cookie: owner.cookie,
        form: { reason: "Goodwill", key: crypto.randomUUID().replaceAll("-", ""), ...form },
      });
    const credited = await post({ direction: "credit", amount: "12" });
    const reference = orderReference(orderId);
    expect(credited).toMatchObject({
      status: 200,
      data: {
        ok: true,
        applied: true,
        amount: String(usdt(12)),
        balance: String(usdt(2)),
        paidOrder: { reference, total: String(usdt(10)), plans: ["Kappa"] },
      },
    });
    const data = credited.data as unknown as Parameters<typeof balanceAdjustedText>[0];
    expect(balanceAdjustedText({ ...data, direction: "credit" })).toMatch(
      new RegExp(
        `^\\$12\\.00 USDT credited\\. It paid order ${reference}: Kappa \\(monthly\\) for \\$10\\.00 USDT, active until [A-Z][a-z]{2} \\d+, \\d{4}\\. The balance is now \\$2\\.00 USDT\\.$`,
      ),
    );
    const debited = await post({ direction: "debit", amount: "1.5" });
    expect(debited).toMatchObject({
      data: { ok: true, applied: true, amount: "1500000", balance: "500000", paidOrder: null },
    });
    expect(balanceAdjustedText({ ...(debited.data as unknown as typeof data), direction: "debit" })).toBe(
      "$1.50 USDT debited. The balance is now $0.50 USDT.",
    );
  });
});
