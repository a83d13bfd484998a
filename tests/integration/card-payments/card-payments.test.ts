import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import { createCardCheckout } from "#server/card-payments/create-card-checkout";
import { sendPaymentFlagAlerts } from "#server/card-payments/send-payment-flag-alerts";
import { createStripeClient } from "#server/card-payments/stripe-client";
import type { StripeEventOutcome } from "#server/card-payments/stripe-event-outcome";
import type { Database } from "#server/db/client";
import {
  billingHistory,
  cardPayments,
  ledgerEntries,
  notifications,
  paymentFlags,
  profiles,
  stripeEvents,
} from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { stripeWebhook } from "#server/http/stripe-webhook";
import { listMemberPaymentFlags } from "#server/staff/members/list-member-payment-flags";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { startFakeStripe, type FakeStripe } from "../../helpers/fake-stripe";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

setTestEnv({ SUPPORT_EMAIL: "ops@example.com", LOG_LEVEL: "silent" });

/*
 * Card payments end to end below the browser: the checkout opened against a local stand-in of
 * Stripe's API, and the webhook (the real Express handler, raw body, the library's signature
 * check) receiving events the stand-in signs as Stripe does.
 */
describeEachDatabase("card payments through Stripe Checkout", (database) => {
  let stripe: FakeStripe;
  let server: Server;
  let webhookUrl: string;
  const outcomes: StripeEventOutcome[] = [];
  const alerts: Email[] = [];

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
          outcomes.push(outcome);
          if ("flagged" in outcome && outcome.flagged)
            await sendPaymentFlagAlerts({ db: database().db, send: async (email) => alerts.push(email) });
        },
      }),
    );
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
    stripe.setWebhookUrl(webhookUrl);
  });
  afterAll(async () => {
    await stripe?.close();
    await new Promise((resolve) => server?.close(resolve));
  });
  beforeEach(() => {
    outcomes.length = 0;
    alerts.length = 0;
  });
  afterEach(async () => {
    await expectLedgerInvariant(database().db);
  });

  const client = () =>
    createStripeClient({
      secretKey: stripe.secretKey,
      api: { protocol: "http", host: "127.0.0.1", port: stripe.port },
    });

  async function openTopUp(db: Database["db"], member: { id: string; email: string }, cents: number) {
    return createCardCheckout({
      db,
      stripe: client(),
      memberId: member.id,
      email: member.email,
      brandName: "NovaSignals",
      origin: "https://example.com",
      payment: { purpose: "top_up", cents },
    });
  }

  async function state(userId: string) {
    const db = database().db;
    const [profile] = await db.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
    return {
      balance: profile!.balance,
      ledger: await db
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, reference: ledgerEntries.reference })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(ledgerEntries.createdAt, ledgerEntries.id),
      flags: await db
        .select({ kind: paymentFlags.kind, amount: paymentFlags.amount, alerted: paymentFlags.alertSentAt })
        .from(paymentFlags)
        .where(eq(paymentFlags.userId, userId)),
    };
  }

  const post = (payload: string, header: string | undefined) =>
    fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...(header ? { "stripe-signature": header } : {}) },
      body: payload,
    });

  it("opens a hosted Checkout page in US dollars for the member and credits it once, as a card ledger row", async () => {
    const db = database().db;
    const member = await createMember(db);
    const checkout = await openTopUp(db, member, 2_500);
    expect(checkout.url).toBe(`${stripe.url}/pay/${checkout.sessionId}`);
    const sent = stripe.requests.at(-1)!;
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.body).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: ["card"],
      client_reference_id: member.id,
      customer_email: member.email,
      metadata: { memberId: member.id, purpose: "top_up" },
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2500" } }],
      success_url: "https://example.com/dashboard?card=paid",
    });
    const [opened] = await db.select().from(cardPayments).where(eq(cardPayments.sessionId, checkout.sessionId));
    expect(opened).toMatchObject({ userId: member.id, status: "open", amountCents: 2_500, credited: null });
    // Opening the page moved no money.
    expect((await state(member.id)).balance).toBe(0n);

    expect(await stripe.pay(checkout.sessionId)).toBe(200);
    const paymentIntent = stripe.sessions.get(checkout.sessionId)!.payment_intent!;
    const after = await state(member.id);
    expect(after.balance).toBe(25_000_000n);
    expect(after.ledger).toEqual([{ kind: "card", amount: 25_000_000n, reference: `stripe:${checkout.sessionId}` }]);
    const [row] = await db
      .select({ memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `stripe:${checkout.sessionId}`));
    expect(row!.memo).toContain(paymentIntent);
    const [paid] = await db.select().from(cardPayments).where(eq(cardPayments.sessionId, checkout.sessionId));
    expect(paid).toMatchObject({ status: "paid", paymentIntentId: paymentIntent, credited: 25_000_000n });
    expect(
      await db
        .select({ type: billingHistory.paymentType, total: billingHistory.totalAmount, status: billingHistory.status })
        .from(billingHistory)
        .where(eq(billingHistory.userId, member.id)),
    ).toEqual([{ type: "Card", total: 25_000_000n, status: "paid" }]);
    expect(
      await db
        .select({ kind: notifications.kind, payload: notifications.payload })
        .from(notifications)
        .where(eq(notifications.userId, member.id)),
    ).toEqual([
      { kind: "card_payment_credited", payload: { paid: "$25.00 USD", amount: "$25.00", balance: "$25.00" } },
    ]);
    expect(outcomes).toEqual([
      {
        outcome: "credited",
        memberId: member.id,
        orderId: null,
        credit: { reference: expect.stringMatching(/^stripe:cs_/), notificationId: expect.any(String) },
      },
    ]);
  });

  it("credits a replayed event, and the session's other success event, once", async () => {
    const db = database().db;
    const member = await createMember(db);
    const checkout = await openTopUp(db, member, 1_000);
    await stripe.pay(checkout.sessionId);
    const session = stripe.sessionObject(checkout.sessionId);

    // The same event delivered again (a retry, a replay from Stripe's dashboard): 200, nothing.
    const replay = stripe.signedEvent("checkout.session.completed", session);
    expect((await post(replay.payload, replay.header)).status).toBe(200);
    expect((await post(replay.payload, replay.header)).status).toBe(200);
    const async = stripe.signedEvent("checkout.session.async_payment_succeeded", session);
    expect((await post(async.payload, async.header)).status).toBe(200);
    // And concurrently.
    const again = stripe.signedEvent("checkout.session.completed", session);
    const statuses = await Promise.all([post(again.payload, again.header), post(again.payload, again.header)]);
    expect(statuses.map((r) => r.status)).toEqual([200, 200]);

    const after = await state(member.id);
    expect(after.balance).toBe(10_000_000n);
    expect(after.ledger).toHaveLength(1);
    expect(
      await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, replay.id)),
    ).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "credited")).toHaveLength(1);
  });

  it("waits for a delayed payment: a completed but unpaid session credits nothing until it succeeds", async () => {
    const db = database().db;
    const member = await createMember(db);
    const checkout = await openTopUp(db, member, 1_500);
    const unpaid = stripe.signedEvent("checkout.session.completed", {
      ...stripe.sessionObject(checkout.sessionId),
      status: "complete",
      payment_status: "unpaid",
      payment_intent: "pi_test_delayed",
    });
    expect((await post(unpaid.payload, unpaid.header)).status).toBe(200);
    expect((await state(member.id)).balance).toBe(0n);
    const succeeded = stripe.signedEvent("checkout.session.async_payment_succeeded", {
      ...stripe.sessionObject(checkout.sessionId),
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_test_delayed",
    });
    expect((await post(succeeded.payload, succeeded.header)).status).toBe(200);
    expect((await state(member.id)).balance).toBe(15_000_000n);
  });

  it("refuses a forged, stale or missing signature with 400 and writes nothing", async () => {
    const db = database().db;
    const member = await createMember(db);
    const checkout = await openTopUp(db, member, 5_000);
    const paidSession = {
      ...stripe.sessionObject(checkout.sessionId),
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_test_forged",
    };
    const forged = stripe.signedEvent("checkout.session.completed", paidSession, { secret: "whsec_notthesecret" });
    const stale = stripe.signedEvent("checkout.session.completed", paidSession, {
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    const tampered = stripe.signedEvent("checkout.session.completed", paidSession);
    const attempts = [
      post(forged.payload, forged.header),
      post(stale.payload, stale.header),
      post(tampered.payload.replace('"amount_total":5000', '"amount_total":500000'), tampered.header),
      post(tampered.payload, undefined),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "The Stripe signature is missing or invalid." });
    }
    expect(await state(member.id)).toEqual({ balance: 0n, ledger: [], flags: [] });
    const events = await db.select({ id: stripeEvents.id }).from(stripeEvents);
    expect(events.map((e) => e.id)).not.toContain(forged.id);
    expect(events.map((e) => e.id)).not.toContain(stale.id);
    expect(events.map((e) => e.id)).not.toContain(tampered.id);
    expect(outcomes).toEqual([]);
  });

  /** The refund messages queued for the member, oldest first. */
  const refundMessages = (db: Database["db"], userId: string) =>
    db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.createdAt)
      .then((rows) => rows.map((row) => row.payload).filter((p) => "refunded" in (p as object)));

  it("debits partial refunds by what is new each time, never twice for a redelivery", async () => {
    const db = database().db;
    const member = await createMember(db);
    const checkout = await openTopUp(db, member, 3_000);
    await stripe.pay(checkout.sessionId);
    expect(await stripe.refund(checkout.sessionId, 1_000)).toBe(200);
    expect((await state(member.id)).balance).toBe(20_000_000n);
    const charge = stripe.chargeOf(checkout.sessionId);
    const redelivered = stripe.signedEvent("charge.refunded", { ...charge });
    expect((await post(redelivered.payload, redelivered.header)).status).toBe(200);
    expect((await state(member.id)).balance).toBe(20_000_000n);
    expect(await stripe.refund(checkout.sessionId, 500)).toBe(200);
    const after = await state(member.id);
    expect(after.balance).toBe(15_000_000n);
    expect(after.ledger.map((e) => [e.kind, e.amount])).toEqual([
      ["card", 30_000_000n],
      ["card", -10_000_000n],
      ["card", -5_000_000n],
    ]);
    expect(after.flags).toEqual([]);
    const [payment] = await db.select().from(cardPayments).where(eq(cardPayments.sessionId, checkout.sessionId));
    expect(payment!.refunded).toBe(15_000_000n); // Each step told once, with what it took and what is left; the redelivery told nothing.
    expect(await refundMessages(db, member.id)).toEqual([
      { refunded: "$10.00 USD", taken: "$10.00", balance: "$20.00" },
      { refunded: "$5.00 USD", taken: "$5.00", balance: "$15.00" },
    ]);
  });

  it("leaves the balance at zero when a refund comes after the money was spent, and flags it to operators", async () => {
    const db = database().db;
    const member = await createMember(db);
    const checkout = await openTopUp(db, member, 2_500);
    await stripe.pay(checkout.sessionId);
    // 20 of the 25 USDT bought a plan.
    await postLedgerEntry({
      tx: db,
      userId: member.id,
      kind: "purchase",
      amount: -20_000_000n,
      reference: `test:spent:${member.id}`,
    });
    expect(await stripe.refund(checkout.sessionId, 2_500)).toBe(200);
    const after = await state(member.id);
    expect(after.balance).toBe(0n);
    expect(after.ledger.at(-1)).toMatchObject({ kind: "card", amount: -5_000_000n });
    expect(after.flags).toEqual([{ kind: "refund_shortfall", amount: 20_000_000n, alerted: expect.any(Date) }]);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ to: "ops@example.com" });
    expect(alerts[0]!.subject).toBe(`Card refund larger than the member's balance: ${member.email}`);
    expect(alerts[0]!.text).toContain("$20.00 USDT could not be taken back");
    expect(alerts[0]!.text).toContain(`/admin/members/${member.id}`);

    // Redelivered: no second debit, flag or email.
    const charge = stripe.chargeOf(checkout.sessionId);
    const redelivered = stripe.signedEvent("charge.refunded", { ...charge });
    expect((await post(redelivered.payload, redelivered.header)).status).toBe(200);
    expect(await state(member.id)).toEqual(after);
    expect(alerts).toHaveLength(1);
    // The member is told what came back from the balance and what it could not give back, once.
    expect(await refundMessages(db, member.id)).toEqual([
      { refunded: "$25.00 USD", taken: "$5.00", unrecovered: "$20.00", balance: "$0.00" },
    ]);
  });

  it("flags a disputed payment for operators, once, and leaves the balance alone", async () => {
    const db = database().db;
    const member = await createMember(db);
    const checkout = await openTopUp(db, member, 4_000);
    await stripe.pay(checkout.sessionId);
    expect(await stripe.dispute(checkout.sessionId, "product_not_received")).toBe(200);
    const after = await state(member.id);
    expect(after.balance).toBe(40_000_000n);
    expect(after.flags).toEqual([{ kind: "dispute", amount: 40_000_000n, alerted: expect.any(Date) }]);
    expect(alerts.map((a) => a.subject)).toEqual([`Card payment disputed: ${member.email}`]);
    expect(alerts[0]!.text).toContain("reason: product not received");
    // The member's back-office page lists it.
    expect(await listMemberPaymentFlags({ db, memberId: member.id })).toEqual([
      {
        id: expect.any(Number),
        kind: "dispute",
        amount: "40000000",
        detail: expect.stringContaining("The member disputed a card payment of $40.00"),
        createdAt: expect.any(String),
        resolution: null,
      },
    ]);
  });

  it("ignores events it does not handle, and payments another integration made on the account", async () => {
    const db = database().db;
    const other = stripe.signedEvent("customer.created", { id: "cus_test_1", object: "customer" });
    expect((await post(other.payload, other.header)).status).toBe(200);
    const foreign = stripe.signedEvent("charge.refunded", {
      id: "ch_test_foreign",
      object: "charge",
      amount: 1000,
      amount_refunded: 1000,
      currency: "usd",
      payment_intent: "pi_test_foreign",
      refunded: true,
    });
    expect((await post(foreign.payload, foreign.header)).status).toBe(200);
    expect(outcomes).toEqual([{ outcome: "ignored" }, { outcome: "ignored" }]);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, other.id))).toHaveLength(1);
  });

  it("answers UNAVAILABLE and records nothing when Stripe cannot be reached", async () => {
    const db = database().db;
    const member = await createMember(db);
    stripe.failNext(2);
    await expect(openTopUp(db, member, 1_000)).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Card payments are unavailable right now. Please try again in a few minutes.",
    });
    expect(await db.select().from(cardPayments).where(eq(cardPayments.userId, member.id))).toEqual([]);
  });
});
