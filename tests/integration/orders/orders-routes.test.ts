import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { readFlashToast } from "~/lib/http/cookies";
import { loader as rootLoader } from "~/root";
import * as createRoute from "~/routes/api/dashboard/api.dashboard.orders";
import * as cancelRoute from "~/routes/api/dashboard/api.dashboard.orders.cancel";
import { action as joinAction } from "~/routes/auth/join.details";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { listBillingHistory } from "#server/dashboard/list-billing-history";
import { memberCarts, orders, planTelegramChats, user } from "#server/db/schema";
import { getLogger } from "#server/lib/logger";
import { createPlan, creditTransfer } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { expectLedgerInvariant } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("orders-routes");

const usdt = (n: number) => BigInt(n) * 1_000_000n;

// The order's routes as the browser calls them: sign-up's "Continue to Pay", the dashboard's
// Subscribe with a short balance, cancelling, the order view and billing history.
describeEachDatabase("orders through the routes", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  it("Continue to Pay makes the cart the new member's order and opens the dashboard on it", async () => {
    const plan = await createPlan(db(), "Signals", usdt(49));
    const tag = crypto.randomBytes(4).toString("hex");
    const email = `order-${tag}@example.com`;
    const answer = await callAction(joinAction, {
      path: "/join/details",
      clientIp: `10.77.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
      form: {
        firstName: "Olga",
        lastName: "Order",
        email,
        password: "Analytical1",
        telegram: `olga_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
        cart: JSON.stringify({ planIds: [plan.id], billingPeriod: "lifetime" }),
      },
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard?section=order" });
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    const rows = await db().select().from(orders).where(eq(orders.userId, account!.id));
    expect(rows).toMatchObject([{ status: "pending", planIds: [plan.id], totalAmount: usdt(49) * 12n }]);

    const cookie = answer.cookies!.map((c) => c.split(";")[0]).join("; ");
    const page = await callLoader(dashboardLoader, { path: "/dashboard?section=order", cookie });
    expect(page.status).toBe(200);
    const view = (page.data as { order: { view: Record<string, unknown> } }).order.view;
    expect(view).toMatchObject({
      order: { status: "pending", plans: [{ id: plan.id, name: "Signals" }], billingPeriod: "lifetime" },
      balance: "0",
      due: String(usdt(49) * 12n),
    });
    expect(view.wallet).toMatchObject({ address: expect.stringMatching(/^T/) });
  });

  it("a cart whose order is refused opens Subscriptions with the cart kept and the refusal's own words", async () => {
    // All-in-One has VIP Signals' channel: the order of a cart holding both is refused.
    const vip = await createPlan(db(), "VIP Signals", usdt(78));
    const all = await createPlan(db(), "All-in-One", usdt(150));
    await db()
      .insert(planTelegramChats)
      .values([
        { planId: vip.id, chatId: -1002 },
        { planId: all.id, chatId: -1001 },
        { planId: all.id, chatId: -1002 },
      ]);
    const warn = vi.spyOn(getLogger(), "warn");
    const tag = crypto.randomBytes(4).toString("hex");
    const email = `refused-${tag}@example.com`;
    const answer = await callAction(joinAction, {
      path: "/join/details",
      clientIp: `10.79.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
      form: {
        firstName: "Rita",
        lastName: "Refused",
        email,
        password: "Analytical1",
        telegram: `rita_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
        cart: JSON.stringify({ planIds: [vip.id, all.id], billingPeriod: "monthly" }),
      },
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard?section=subscriptions" });
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await db().select().from(orders).where(eq(orders.userId, account!.id))).toEqual([]);
    const [kept] = await db().select().from(memberCarts).where(eq(memberCarts.userId, account!.id));
    expect(kept).toMatchObject({ planIds: [vip.id, all.id], billingPeriod: "monthly" });
    // Logged for the operator as a refusal, with its code: not an error.
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ userId: account!.id, errorCode: "CONFLICT", reason: "Already included in All-in-One" }),
      expect.any(String),
    );
    warn.mockRestore();

    // The next page (the dashboard) shows it once, as the toast every redirect's notice is.
    const cookie = answer.cookies!.map((c) => c.split(";")[0]).join("; ");
    const flash = {
      type: "error",
      title: "Your order was not made",
      description: "Already included in All-in-One. Review your cart below.",
    };
    expect(readFlashToast(cookie)).toEqual(flash);
    const page = await callLoader(rootLoader, { path: "/dashboard?section=subscriptions", cookie });
    expect(page.data).toMatchObject({ flash });
  });

  it("a sign-up without a cart, or with a broken one, opens Subscriptions as before", async () => {
    const tag = crypto.randomBytes(4).toString("hex");
    const answer = await callAction(joinAction, {
      path: "/join/details",
      clientIp: `10.78.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
      form: {
        firstName: "Nina",
        lastName: "Nocart",
        email: `nocart-${tag}@example.com`,
        password: "Analytical1",
        telegram: `nina_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
        cart: "{broken",
      },
    });
    expect(answer).toMatchObject({ status: 302, location: "/dashboard?section=subscriptions" });
  });

  it("Subscribe with a short balance creates the order; the member cancels it; billing history lists both", async () => {
    const plan = await createPlan(db(), "VIP", usdt(20));
    const member = await signUpStaff(db(), null);
    const created = await callAction(createRoute, {
      path: "/api/dashboard/orders",
      cookie: member.cookie,
      json: { planIds: [plan.id], billingPeriod: "monthly" },
    });
    expect(created).toMatchObject({ status: 200, data: { ok: true, paid: false } });
    const orderId = created.data.orderId as string;
    // A replaced order is cancelled; the new one pending.
    const again = await callAction(createRoute, {
      path: "/api/dashboard/orders",
      cookie: member.cookie,
      json: { planIds: [plan.id], billingPeriod: "quarterly" },
    });
    const cancel = (id: string) =>
      callAction(cancelRoute, { path: "/api/dashboard/orders/cancel", cookie: member.cookie, json: { orderId: id } });
    expect(await cancel(orderId)).toMatchObject({
      status: 409,
      data: { ok: false, error: "This order is no longer open." },
    });
    expect(await cancel(again.data.orderId as string)).toMatchObject({ status: 200, data: { ok: true } });

    const txId = await creditTransfer(db(), member.userId, usdt(5));
    const rows = await listBillingHistory({ db: db(), userId: member.userId });
    expect(rows.map((r) => [r.paymentType, r.status])).toEqual([
      ["USDT TRC-20", "paid"],
      ["Order", "cancelled"],
      ["Order", "cancelled"],
    ]);
    expect(rows[0]!.transaction).toEqual({ hash: txId, url: `https://tronscan.org/#/transaction/${txId}` });
    expect(rows[1]!.transaction).toBeNull();
    expect(rows[1]!.invoiceId).toMatch(/^ORD-[0-9A-F]{8}$/);
  });

  it("the order routes need a signed-in member and a well-formed body", async () => {
    expect(
      await callAction(createRoute, {
        path: "/api/dashboard/orders",
        json: { planIds: [1], billingPeriod: "monthly" },
      }),
    ).toMatchObject({ status: 401 });
    const member = await signUpStaff(db(), null);
    expect(
      await callAction(cancelRoute, {
        path: "/api/dashboard/orders/cancel",
        cookie: member.cookie,
        json: { orderId: "nope" },
      }),
    ).toMatchObject({ status: 400 });
  });
});
