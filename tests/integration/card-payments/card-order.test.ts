import crypto from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { microToCentsUp } from "~/lib/card-payments";
import { cardCheckoutPayment } from "#server/card-payments/card-checkout-payment";
import { createCardCheckout } from "#server/card-payments/create-card-checkout";
import { followUpCardEvent } from "#server/card-payments/follow-up-card-event";
import { createStripeClient } from "#server/card-payments/stripe-client";
import { orders, pricing, profiles, subscriptions } from "#server/db/schema";
import { stripeWebhook } from "#server/http/stripe-webhook";
import type { CompleteOrderResult } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { getOpenOrder } from "#server/orders/get-open-order";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { startFakeStripe, type FakeStripe } from "../../helpers/fake-stripe";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

setTestEnv({ LOG_LEVEL: "silent" });

/*
 * An order paid by card: the amount still due (total less balance, up to the cent) opened at
 * the Stripe stand-in, paid, and the webhook's credit followed by the order's completion, as the
 * site mounts it.
 */
describeEachDatabase("an order paid by card", (database) => {
  let stripe: FakeStripe;
  let server: Server;
  const completions: (CompleteOrderResult | undefined)[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const client = createStripeClient({
      secretKey: stripe.secretKey,
      api: { protocol: "http", host: "127.0.0.1", port: stripe.port },
    });
    const app = express();
    app.post(
      "/webhook",
      stripeWebhook({
        stripe: () => ({ client, webhookSecret: stripe.webhookSecret }),
        getDb: () => database().db,
        afterEvent: async (outcome) => {
          completions.push((await followUpCardEvent({ db: database().db, outcome })).completion);
        },
      }),
    );
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    stripe.setWebhookUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`);
  });
  afterAll(async () => {
    await stripe?.close();
    await new Promise((resolve) => server?.close(resolve));
  });
  afterEach(async () => {
    await expectLedgerInvariant(database().db);
  });

  it("charges what is still due, credits it and completes the order: the subscription is active", async () => {
    const db = database().db;
    const [plan] = await db
      .insert(pricing)
      .values({
        planId: `card-${crypto.randomUUID().slice(0, 8)}`,
        name: "Card plan",
        price: 49_990_000n,
        published: true,
      })
      .returning();
    // 12.345678 USDT already on the balance: 37.644322 is due, 37.65 USD charged.
    const member = await createMember(db, { balance: 12_345_678n });
    const { orderId } = await createOrder({ db, userId: member.id, planIds: [plan!.id], billingPeriod: "monthly" });
    const open = await getOpenOrder({ db, userId: member.id });
    expect(open?.due).toBe("37644322");
    const cents = microToCentsUp(BigInt(open!.due));
    expect(cents).toBe(3_765);
    const payment = await cardCheckoutPayment({ db, userId: member.id, request: { purpose: "order" } });
    expect(payment).toEqual({ purpose: "order", orderId, cents, description: `order ${open!.order.reference}` });

    const checkout = await createCardCheckout({
      db,
      stripe: createStripeClient({
        secretKey: stripe.secretKey,
        api: { protocol: "http", host: "127.0.0.1", port: stripe.port },
      }),
      memberId: member.id,
      email: member.email,
      brandName: "NovaSignals",
      origin: "https://example.com",
      payment,
    });
    expect(stripe.requests.at(-1)!.body).toMatchObject({
      metadata: { memberId: member.id, purpose: "order", orderId },
      line_items: [
        { price_data: { unit_amount: "3765", product_data: { name: `NovaSignals: order ${open!.order.reference}` } } },
      ],
    });
    expect(await stripe.pay(checkout.sessionId)).toBe(200);

    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("paid");
    // The follow-up completed the very order the payment was made for.
    expect(completions.at(-1)).toMatchObject({ status: "paid", orderId });
    expect(
      await db
        .select({ planId: subscriptions.planId, status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.userId, member.id)),
    ).toEqual([{ planId: plan!.id, status: "active" }]);
    // The cents over what was due stay on the balance.
    const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, member.id));
    expect(profile!.balance).toBe(12_345_678n + 37_650_000n - 49_990_000n);
  });
});
