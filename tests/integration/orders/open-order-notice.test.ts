import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { listBillingHistory } from "#server/dashboard/list-billing-history";
import { notifications, orders, pricing } from "#server/db/schema";
import { cancelOrder } from "#server/orders/cancel-order";
import { createOrder } from "#server/orders/create-order";
import { expireOrders } from "#server/orders/expire-orders";
import { getOpenOrder } from "#server/orders/get-open-order";
import { getOpenOrderNotice } from "#server/orders/get-open-order-notice";
import { simulateDeposit } from "#server/wallet/simulate-deposit";
import { createPlan, creditTransfer, depositFor } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { randomTronAddress } from "../../helpers/fake-trongrid";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { callLoader } from "../../helpers/route-request";

withTestDataDir("open-order-notice");

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ORDER_PATH = "/dashboard?section=order";

describeEachDatabase("the open order wherever the member looks", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  it("shows the one pending order: its plans, what the balance leaves due, how long it stays open", async () => {
    const a = await createPlan(db(), "Alpha", usdt(80));
    const b = await createPlan(db(), "Beta", usdt(36));
    const { id } = await createMember(db(), { balance: usdt(30) });
    expect(await getOpenOrderNotice({ db: db(), userId: id })).toBeNull();

    const now = new Date();
    const { orderId } = await createOrder({
      db: db(),
      userId: id,
      planIds: [a.id, b.id],
      billingPeriod: "monthly",
      now,
    });
    const notice = await getOpenOrderNotice({ db: db(), userId: id, now: new Date(now.getTime() + HOUR) });
    expect(notice).toEqual({
      id: orderId,
      reference: `ORD-${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`,
      plans: ["Alpha", "Beta"],
      billingPeriod: "monthly",
      total: String(usdt(116)),
      due: String(usdt(86)),
      expiresAt: new Date(now.getTime() + 7 * DAY).toISOString(),
      timeLeft: "6 days",
      attention: null,
    });
    expect(
      (await getOpenOrderNotice({ db: db(), userId: id, now: new Date(now.getTime() + 7 * DAY - 2 * HOUR) }))!.timeLeft,
    ).toBe("2 hours");

    // A new cart replaces it: still one open order, the new one.
    const second = await createOrder({ db: db(), userId: id, planIds: [b.id], billingPeriod: "monthly", now });
    expect(await getOpenOrderNotice({ db: db(), userId: id })).toMatchObject({
      id: second.orderId,
      due: String(usdt(6)),
    });
    // Another member's order is never theirs.
    const other = await createMember(db());
    expect(await getOpenOrderNotice({ db: db(), userId: other.id })).toBeNull();
  });

  it("stops showing once paid, cancelled or expired, and an order past its time is not offered before the job runs", async () => {
    const a = await createPlan(db(), "Gamma", usdt(40));
    const { id } = await createMember(db());
    const now = new Date();

    await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly", now });
    expect((await depositFor(db(), id, usdt(40), now)).completion?.status).toBe("paid");
    expect(await getOpenOrderNotice({ db: db(), userId: id, now })).toBeNull();

    const b = await createPlan(db(), "Delta", usdt(50));
    const cancelled = await createOrder({ db: db(), userId: id, planIds: [b.id], billingPeriod: "monthly", now });
    expect(await getOpenOrderNotice({ db: db(), userId: id, now })).not.toBeNull();
    await cancelOrder({ db: db(), userId: id, orderId: cancelled.orderId });
    expect(await getOpenOrderNotice({ db: db(), userId: id, now })).toBeNull();

    await createOrder({ db: db(), userId: id, planIds: [b.id], billingPeriod: "monthly", now });
    const late = new Date(now.getTime() + 7 * DAY);
    // Still pending in the table, but its time is up: neither the reminder nor the statement offers it.
    expect(await getOpenOrderNotice({ db: db(), userId: id, now: late })).toBeNull();
    const lapsed = (await listBillingHistory({ db: db(), userId: id, now: late })).filter((r) => r.kind === "order");
    // Both made at the same instant: compared in a fixed order.
    expect(lapsed.map((r) => [r.status, r.payPath]).sort()).toEqual([
      ["cancelled", null],
      ["expired", null],
    ]);
    await expireOrders({ db: db(), now: late });
    expect(await getOpenOrderNotice({ db: db(), userId: id, now: late })).toBeNull();
  });

  it("says what the member must do first: accept a new total, or review an order that cannot complete", async () => {
    const a = await createPlan(db(), "Eta", usdt(25));
    const { id } = await createMember(db());
    const now = new Date();
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly", now });
    await db()
      .update(pricing)
      .set({ price: usdt(35) })
      .where(eq(pricing.id, a.id));
    // Past the hold, the order is priced again at the new total and waits for the member.
    const later = new Date(now.getTime() + 25 * HOUR);
    expect((await depositFor(db(), id, usdt(40), later)).completion?.status).toBe("awaiting-acceptance");
    expect(await getOpenOrderNotice({ db: db(), userId: id, now: later })).toMatchObject({
      total: String(usdt(35)),
      due: "0",
      attention: "new-total",
    });
    await db()
      .update(orders)
      .set({ repricedAt: null, problem: "Already subscribed to: Eta" })
      .where(eq(orders.id, orderId));
    expect(await getOpenOrderNotice({ db: db(), userId: id, now: later })).toMatchObject({
      attention: "cannot-complete",
    });
  });

  it("the billing history's pending row leads to the order's page; closed ones do not", async () => {
    const a = await createPlan(db(), "Theta", usdt(70));
    const { id } = await createMember(db());
    await createOrder({ db: db(), userId: id, planIds: [a.id], billingPeriod: "monthly" });
    const pending = (await listBillingHistory({ db: db(), userId: id })).filter((r) => r.kind === "order");
    expect(pending.map((r) => [r.status, r.payPath])).toEqual([["pending", ORDER_PATH]]);
    expect((await depositFor(db(), id, usdt(70))).completion?.status).toBe("paid");
    const rows = await listBillingHistory({ db: db(), userId: id });
    expect(rows.filter((r) => r.payPath !== null)).toEqual([]);
  });

  it("every dashboard page carries the reminder, until the order is paid", async () => {
    const ip = "10.41.0.1";
    const signed = await signUpMember({
      db: db(),
      input: {
        firstName: "Nia",
        lastName: "Notice",
        email: "nia-notice@example.com",
        password: "Analytical1",
        telegram: "nia_notice",
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    const cookie = signed.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const load = async (section: string) =>
      (await callLoader(dashboardLoader, { path: `/dashboard?section=${section}`, cookie })).data;
    expect((await load("welcome")).openOrder).toBeNull();

    const a = await createPlan(db(), "Iota", usdt(116));
    const { orderId } = await createOrder({
      db: db(),
      userId: signed.userId,
      planIds: [a.id],
      billingPeriod: "monthly",
    });
    for (const section of ["welcome", "subscriptions", "billing-history", "user-info", "knowledgebase", "order"])
      expect((await load(section)).openOrder, section).toMatchObject({ id: orderId, due: String(usdt(116)) });
    const billing = (await load("billing-history")).billing as { rows: { kind: string; payPath: string | null }[] };
    expect(billing.rows.find((r) => r.kind === "order")?.payPath).toBe(ORDER_PATH);

    // Paid: the order page settles it as it opens, and no page reminds of it again.
    await creditTransfer(db(), signed.userId, usdt(116));
    const page = await load("order");
    expect(page.order).toMatchObject({ view: { order: { id: orderId, status: "paid" } } });
    expect(page.openOrder).toBeNull();
    expect((await load("welcome")).openOrder).toBeNull();
  });

  it("a deposit that pays the order says what arrived, the order it paid with its plans, and what is left", async () => {
    const [a, b] = [await createPlan(db(), "Kappa", usdt(80)), await createPlan(db(), "Lambda", usdt(36))];
    const { id } = await createMember(db(), { walletAddress: randomTronAddress() });
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [a.id, b.id], billingPeriod: "monthly" });
    const answer = await simulateDeposit({ db: db(), userId: id, amount: usdt(200) });
    expect(answer).toEqual({
      amount: String(usdt(200)),
      balance: String(usdt(84)),
      paidOrder: {
        reference: `ORD-${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`,
        total: String(usdt(116)),
        plans: ["Kappa", "Lambda"],
        period: "monthly",
        activeUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    // One message for the deposit (email and bot alike): what arrived, the order it paid, what is left.
    const messages = await db()
      .select({ kind: notifications.kind, payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.userId, id));
    expect(messages).toEqual([{ kind: "purchase_confirmed", payload: expect.any(Object) }]);
    expect(messages[0]!.payload).toMatchObject({
      via: "deposit_credited",
      arrived: "$200.00",
      order: answer.paidOrder!.reference,
      amount: "$116.00 USDT",
      balance: "$84.00",
      plans: "Kappa, Lambda",
      activeUntil: answer.paidOrder!.activeUntil,
    });
    // The order's page has the same facts from the server: what paid it, and until when its plans run.
    const view = await getOpenOrder({ db: db(), userId: id });
    expect(view).toMatchObject({
      balance: String(usdt(84)),
      order: {
        status: "paid",
        paidBy: { via: "deposit", amount: String(usdt(200)) },
        activeUntil: answer.paidOrder!.activeUntil,
      },
    });
    // Nothing to pay: the answer says so.
    expect((await simulateDeposit({ db: db(), userId: id, amount: usdt(1) })).paidOrder).toBeNull();
  });
});
