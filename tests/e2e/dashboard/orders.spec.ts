import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { transferEvent } from "../../helpers/fake-trongrid";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember, submitSignUp } from "../support/member";
import { mailsTo } from "../support/outbox";
import { firstPublishedPlan, openPricing } from "../support/pricing";

// The deposit watcher reads a TronGrid stand-in every second; a transfer to a member's address
// lands in their balance and completes their order with no step of theirs.
test.use({ tronGrid: true });

const DAY = 24 * 60 * 60 * 1000;

type App = Parameters<Parameters<typeof test>[2]>[0]["app"];

async function walletOf(app: App, userId: string) {
  const { db } = app.testing.getDatabase();
  const { profiles } = app.testing.schema;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return profile!;
}

/** A confirmed USDT transfer to `to`, as TronGrid reports it (the watcher reads it on its next poll). */
function pay(app: App, to: string, amount: bigint) {
  const txId = crypto.randomBytes(32).toString("hex");
  app.tronGrid!.addEvents(transferEvent({ to, value: amount, blockTimestamp: Date.now(), txId }));
  return txId;
}

test.describe("orders", () => {
  test("from /pricing to an active subscription with no manual step: order, deposit, paid, email", async ({
    page,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { orders, subscriptions, user } = app.testing.schema;
    const plan = await firstPublishedPlan(app);

    await openPricing(page);
    await page.getByRole("button", { name: "Add to cart" }).first().click();
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page).toHaveURL(/\/join\/details$/);
    const email = `buyer-${crypto.randomBytes(4).toString("hex")}@example.com`;
    await submitSignUp(page, {
      firstName: "Bea",
      lastName: "Buyer",
      email,
      password: "Analytical1",
      telegram: "@bea_buyer",
    });

    // The order: the plan, the amount due, the member's address and the exact amount, USDT only.
    await expect(page).toHaveURL(/\/dashboard\?section=order$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Plans in this order" })).toContainText(plan.name);
    const due = formatUsdt(plan.price, { suffix: true });
    await expect(page.locator("[data-slot=order-due]")).toHaveText(due);
    const [account] = await db.select().from(user).where(eq(user.email, email));
    const profile = await walletOf(app, account!.id);
    await expect(page.locator("[data-slot=order-address]")).toHaveText(profile.walletAddress!);
    await expect(page.locator("[data-slot=order-amount]")).toContainText(`${Number(plan.price) / 1e6} USDT`);
    await expect(page.getByRole("img", { name: "QR code of your USDT (TRC-20) address" })).toBeVisible();
    await expect(page.getByRole("note")).toContainText("Send only USDT on TRON (TRC-20)");
    // Card payments are off on this server: no card option at all.
    await expect(page.getByRole("heading", { name: /card/i })).toHaveCount(0);
    await expectAccessible(page, "order view");

    // The money lands: the page turns paid by itself (no reload).
    const txId = pay(app, profile.walletAddress!, plan.price);
    await expect(page.getByText("Paid — your subscription is active.")).toBeVisible({ timeout: 30_000 });
    const [order] = await db.select().from(orders).where(eq(orders.userId, account!.id));
    expect(order).toMatchObject({ status: "paid", totalAmount: plan.price });
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, account!.id));
    expect(subs).toMatchObject([{ planId: plan.id, status: "active" }]);

    // Billing history: the order paid, the deposit linked to the explorer.
    await page.goto("/dashboard?section=billing-history");
    const orderRow = page.getByRole("row").filter({ hasText: "Order" });
    await expect(orderRow).toContainText("Paid");
    const link = page.getByRole("link", { name: `Transaction ${txId} on the TRON explorer` });
    await expect(link).toHaveAttribute("href", `https://tronscan.org/#/transaction/${txId}`);

    // One message says it all, in the outbox (the notifications job sends it): what arrived and
    // the order it paid.
    await expect
      .poll(
        // The subject is encoded (RFC 2047): the heading in the body says it in plain words.
        () => mailsTo(app.dataDir, email).some((mail) => mail.includes("arrived and paid order")),
        { timeout: 60_000 },
      )
      .toBe(true);
  });

  test("an order left unpaid expires, and the money already deposited stays as balance", async ({
    page,
    context,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { orders, profiles } = app.testing.schema;
    const plan = await firstPublishedPlan(app);
    const member = await signInNewMember(app, context);
    const { walletAddress } = await walletOf(app, member.userId);
    await app.testing.createOrder({ db, userId: member.userId, planIds: [plan.id], billingPeriod: "lifetime" });
    await openDashboard(page, "order");
    await expect(page.locator("[data-slot=order-due]")).toHaveText(formatUsdt(plan.price * 12n, { suffix: true }));

    // Part of it arrives: the amount due shrinks by itself.
    pay(app, walletAddress!, plan.price);
    await expect(page.locator("[data-slot=order-due]")).toHaveText(formatUsdt(plan.price * 11n, { suffix: true }), {
      timeout: 30_000,
    });

    // A week later the orders job expires it; the deposit stays as balance.
    await app.testing.expireOrders({ db, now: new Date(Date.now() + 8 * DAY) });
    const [order] = await db.select().from(orders).where(eq(orders.userId, member.userId));
    expect(order!.status).toBe("expired");
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.userId));
    expect(profile!.balance).toBe(plan.price);
    await page.goto("/dashboard?section=billing-history");
    await expect(page.getByRole("row").filter({ hasText: "Order" })).toContainText("Expired");
    await expect(page.getByRole("button", { name: `${formatUsdt(plan.price, { suffix: true })}` })).toBeVisible();
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`a deposit that pays the order while the member watches: the toast says what arrived, the order it paid and what is left (${viewport.width} px)`, async ({
      page,
      context,
      app,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const { db } = app.testing.getDatabase();
      const plan = await firstPublishedPlan(app);
      const member = await signInNewMember(app, context);
      const { walletAddress } = await walletOf(app, member.userId);
      const { orderId } = await app.testing.createOrder({
        db,
        userId: member.userId,
        planIds: [plan.id],
        billingPeriod: "monthly",
      });
      const reference = `ORD-${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
      await openDashboard(page, "order");
      await expect(page.locator("[data-slot=order-due]")).toHaveText(formatUsdt(plan.price, { suffix: true }));

      // More than the order arrives, by the chain (the watcher reads a TronGrid stand-in).
      const sent = plan.price + 10_000_000n;
      pay(app, walletAddress!, sent);
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: `order ${reference} paid` });
      await expect(toast).toBeVisible({ timeout: 30_000 });
      // The facts come from the server: the deposit the order names as its payment, the plan's date.
      const { notifications, subscriptions } = app.testing.schema;
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
      const until = formatDate(subscription!.nextBillingDate!.toISOString().slice(0, 10));
      await expect(toast).toContainText(`Deposit received: order ${reference} paid`);
      await expect(toast).toContainText(
        `Your deposit of ${formatUsdt(sent, { suffix: true })} (TRC-20) arrived. ` +
          `It paid order ${reference}: ${plan.name} (monthly) for ${formatUsdt(plan.price, { suffix: true })}, ` +
          `active until ${until}. Left on your balance: $10.00 USDT.`,
      );
      await expect(toast).toBeInViewport();
      // The email and the bot say the same, in one message for the one deposit.
      const messages = await db.select().from(notifications).where(eq(notifications.userId, member.userId));
      expect(messages.map((message) => [message.kind, message.payload.via])).toEqual([
        ["purchase_confirmed", "deposit_credited"],
      ]);
      await expect(page.getByText("Paid — your subscription is active.")).toBeVisible();
    });
  }

  test("two deposits landing at once complete the order once", async ({ context, app }) => {
    const { db } = app.testing.getDatabase();
    const { ledgerEntries, orders, profiles, subscriptions } = app.testing.schema;
    const plan = await firstPublishedPlan(app);
    const member = await signInNewMember(app, context);
    const { walletAddress } = await walletOf(app, member.userId);
    await app.testing.createOrder({ db, userId: member.userId, planIds: [plan.id], billingPeriod: "monthly" });

    pay(app, walletAddress!, plan.price);
    pay(app, walletAddress!, plan.price);
    await expect
      .poll(async () => (await db.select().from(orders).where(eq(orders.userId, member.userId)))[0]!.status, {
        timeout: 30_000,
      })
      .toBe("paid");
    await expect
      .poll(async () => (await db.select().from(profiles).where(eq(profiles.id, member.userId)))[0]!.balance, {
        timeout: 30_000,
      })
      .toBe(plan.price);
    const purchases = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.userId), eq(ledgerEntries.kind, "purchase")));
    expect(purchases.map((p) => p.amount)).toEqual([-plan.price]);
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
    expect(subs).toHaveLength(1);
  });
});
