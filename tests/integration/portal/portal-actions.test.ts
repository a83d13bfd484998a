import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as autorenewRoute from "~/routes/api/portal/api.portal.autorenew";
import * as ordersRoute from "~/routes/api/portal/api.portal.orders";
import * as purchaseRoute from "~/routes/api/portal/api.portal.purchase";
import * as viewRoute from "~/routes/api/portal/api.portal.view";
import { postLedgerEntry } from "#server/billing/ledger";
import { orders, profiles, subscriptions } from "#server/db/schema";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { NOT_LINKED } from "#server/portal/require-portal-member";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { openTestPortalSession } from "../../helpers/portal";
import { callAction, ORIGIN } from "../../helpers/route-request";

withTestDataDir("portal-actions");

const USDT = 1_000_000n;
let address = 0;
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, clientIp: `10.45.0.${++address}` });

async function view(token: string, query: string) {
  const response = (await viewRoute.loader({
    request: new Request(`${ORIGIN}/api/portal/view${query}`, { headers: { authorization: `Bearer ${token}` } }),
  } as never)) as Response;
  return { status: response.status, text: await response.text() };
}

describeEachDatabase("the portal's actions", (database) => {
  const db = () => database().db;
  let planId: number;
  beforeAll(async () => {
    setSingleton("database", database());
    planId = (await createPlan(db(), "Portal VIP", 30n * USDT)).id;
    return () => resetSingleton("database");
  });

  it("pays a plan from the balance of the member the Telegram account is verified to", async () => {
    const member = await createMember(db(), { balance: 100n * USDT });
    const token = await openTestPortalSession({ db: db(), userId: member.id });
    const buy = await view(token, `?view=buy&plan=${planId}&period=monthly`);
    expect(buy.text).toContain("Pay $30.00 from balance");
    const key = /&quot;idempotencyKey&quot;:&quot;([0-9a-f-]{36})&quot;/.exec(buy.text)![1]!;
    const body = { planIds: [planId], billingPeriod: "monthly", totalAmount: String(30n * USDT), idempotencyKey: key };
    const answer = await callAction(purchaseRoute, { path: "/api/portal/purchase", json: body, ...as(token) });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    // The same key again buys nothing more.
    await callAction(purchaseRoute, { path: "/api/portal/purchase", json: body, ...as(token) });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile!.balance).toBe(70n * USDT);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toHaveLength(1);
  });

  it("makes an order when the balance is short, shown with the exact amount due and the address", async () => {
    const member = await createMember(db(), { balance: 10n * USDT });
    const token = await openTestPortalSession({ db: db(), userId: member.id });
    expect((await view(token, `?view=buy&plan=${planId}&period=monthly`)).text).toContain("Continue to pay");
    const answer = await callAction(ordersRoute, {
      path: "/api/portal/orders",
      json: { planIds: [planId], billingPeriod: "monthly" },
      ...as(token),
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, paid: false, view: "home" } });
    const home = await view(token, "");
    expect(home.text).toContain('data-testid="portal-order"');
    expect(home.text).toContain('<strong data-testid="portal-usdt-amount">20 USDT</strong>');
    expect(home.text).toMatch(/data-testid="portal-address">T[1-9A-HJ-NP-Za-km-z]{33}</);
    expect(await db().select().from(orders).where(eq(orders.userId, member.id))).toHaveLength(1);
  });

  it("says what the balance paid when a deposit covered the plan before 'Continue to pay' was tapped", async () => {
    const member = await createMember(db(), { balance: 10n * USDT });
    const token = await openTestPortalSession({ db: db(), userId: member.id });
    expect((await view(token, `?view=buy&plan=${planId}&period=monthly`)).text).toContain("Continue to pay");
    // A deposit arrives while the buy screen is open: the order is paid at once.
    await db().transaction((tx) =>
      postLedgerEntry({ tx, userId: member.id, kind: "deposit", amount: 35n * USDT, reference: `dep:${member.id}` }),
    );
    const answer = await callAction(ordersRoute, {
      path: "/api/portal/orders",
      json: { planIds: [planId], billingPeriod: "monthly" },
      ...as(token),
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, paid: true, view: "home" } });
    const [order] = await db().select().from(orders).where(eq(orders.userId, member.id));
    expect(order?.status).toBe("paid");
    const message = (answer.data as { message?: string }).message ?? "";
    expect(message).toMatch(
      new RegExp(
        `^Payment successful\\. Your balance paid order ORD-[0-9A-F]{8}: Portal VIP \\(monthly\\) for \\$30\\.00 USDT, active until [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\. Left on your balance: \\$15\\.00 USDT\\.$`,
      ),
    );
  });

  it("changes renew only on the member's own subscription", async () => {
    const member = await createMember(db(), { balance: 100n * USDT });
    const other = await createMember(db(), { balance: 100n * USDT });
    const otherToken = await openTestPortalSession({ db: db(), userId: other.id });
    const token = await openTestPortalSession({ db: db(), userId: member.id });
    const buy = (t: string) =>
      callAction(purchaseRoute, {
        path: "/api/portal/purchase",
        json: {
          planIds: [planId],
          billingPeriod: "monthly",
          totalAmount: String(30n * USDT),
          idempotencyKey: crypto.randomUUID(),
        },
        ...as(t),
      });
    await buy(token);
    await buy(otherToken);
    const [mine] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    const [theirs] = await db().select().from(subscriptions).where(eq(subscriptions.userId, other.id));
    const off = (id: string) =>
      callAction(autorenewRoute, {
        path: "/api/portal/autorenew",
        json: { subscriptionId: id, autorenew: false },
        ...as(token),
      });
    expect((await off(mine!.id)).status).toBe(200);
    expect((await off(theirs!.id)).status).toBe(404);
    const rows = await db().select().from(subscriptions);
    expect(rows.find((r) => r.id === mine!.id)!.autorenew).toBe(false);
    expect(rows.find((r) => r.id === theirs!.id)!.autorenew).toBe(true);
  });

  describe("refusals", () => {
    it("refuses a Telegram account no member verified, and a missing token", async () => {
      const token = await openTestPortalSession({ db: db() });
      const body = { planIds: [planId], billingPeriod: "monthly" };
      expect(await callAction(ordersRoute, { path: "/api/portal/orders", json: body, ...as(token) })).toMatchObject({
        status: 403,
        data: { ok: false, error: NOT_LINKED },
      });
      expect(await callAction(ordersRoute, { path: "/api/portal/orders", json: body })).toMatchObject({
        status: 401,
        data: { ok: false, signedOut: true },
      });
      expect((await view(token, `?view=buy&plan=${planId}&period=monthly`)).status).toBe(403);
    });

    it("stops showing the member once their Telegram link is gone", async () => {
      const member = await createMember(db(), { firstName: "Gone", balance: 5n * USDT });
      const token = await openTestPortalSession({ db: db(), userId: member.id });
      expect((await view(token, "")).text).toContain("$5.00 USDT");
      await db().update(profiles).set({ telegramVerified: false }).where(eq(profiles.id, member.id));
      const home = await view(token, "");
      expect(home.text).toContain("Link your account");
      expect(home.text).not.toContain("$5.00");
    });
  });
});
