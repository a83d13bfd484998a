import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCardCheckout } from "#server/card-payments/create-card-checkout";
import { handleStripeEvent } from "#server/card-payments/handle-stripe-event";
import { PAYMENT_FLAG_ALERT_MAX_ATTEMPTS, sendPaymentFlagAlerts } from "#server/card-payments/send-payment-flag-alerts";
import { createStripeClient, getStripe, stripeId } from "#server/card-payments/stripe-client";
import { billingHistory, cardPayments, ledgerEntries, paymentFlags } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { startFakeStripe, type FakeStripe } from "../../helpers/fake-stripe";
import { captureLogLines } from "../../helpers/log-capture";
import { createMember } from "../../helpers/members";

setTestEnv({ SUPPORT_EMAIL: "ops@example.com", PUBLIC_URL: "https://signals.example.com", LOG_LEVEL: "silent" });

/** Runs `body` with some environment variables changed, the configuration read afresh, then restored. */
async function withEnv<T>(vars: Record<string, string | undefined>, body: () => Promise<T> | T): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetSingleton("config");
    resetSingleton("stripe");
  };
  apply(vars);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}

/*
 * What the checkout asks Stripe for, for a top-up and for an order; the Stripe client the process
 * builds from its configuration; and the operators' alerts of payment flags: their text, the
 * batch limit, their retries and giving up, and nothing without SUPPORT_EMAIL.
 */
describeEachDatabase("card checkout requests and payment flag alerts", (database) => {
  const db = () => database().db;
  let stripe: FakeStripe;
  const client = () =>
    createStripeClient({
      secretKey: stripe.secretKey,
      api: { protocol: "http", host: "127.0.0.1", port: stripe.port },
    });

  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe?.close();
  });

  it("an order's checkout names the order everywhere Stripe sends it back; a top-up names none", async () => {
    const member = await createMember(db());
    const order = await createCardCheckout({
      db: db(),
      stripe: client(),
      memberId: member.id,
      email: member.email,
      brandName: "NovaSignals",
      origin: "https://signals.example.com",
      payment: { purpose: "order", orderId: "order-7", cents: 1_234, description: "VIP Signals, monthly" },
    });
    expect(stripe.requests.at(-1)!.body).toMatchObject({
      metadata: { memberId: member.id, purpose: "order", orderId: "order-7" },
      payment_intent_data: { metadata: { memberId: member.id, purpose: "order", orderId: "order-7" } },
      line_items: [
        { price_data: { unit_amount: "1234", product_data: { name: "NovaSignals: VIP Signals, monthly" } } },
      ],
      success_url: "https://signals.example.com/dashboard?card=paid",
      cancel_url: "https://signals.example.com/dashboard?card=cancelled",
    });
    const [orderRow] = await db().select().from(cardPayments).where(eq(cardPayments.sessionId, order.sessionId));
    expect(orderRow).toMatchObject({ purpose: "order", orderId: "order-7", amountCents: 1_234, status: "open" });

    // Under Stripe's 50-cent minimum: 50 cents are charged (the rest stays as balance).
    const topUp = await createCardCheckout({
      db: db(),
      stripe: client(),
      memberId: member.id,
      email: member.email,
      brandName: "NovaSignals",
      origin: "https://signals.example.com",
      payment: { purpose: "top_up", cents: 30 },
    });
    expect(topUp.cents).toBe(50);
    const sent = stripe.requests.at(-1)!.body as { metadata: Record<string, string>; line_items: unknown };
    expect(sent.metadata).toEqual({ memberId: member.id, purpose: "top_up" });
    expect(sent.line_items).toMatchObject([
      { price_data: { unit_amount: "50", product_data: { name: "NovaSignals balance top-up" } } },
    ]);
    const [topUpRow] = await db().select().from(cardPayments).where(eq(cardPayments.sessionId, topUp.sessionId));
    expect(topUpRow).toMatchObject({ purpose: "top_up", orderId: null, amountCents: 50 });
  });

  it("a session without a payment page is refused as unavailable, and nothing is recorded", async () => {
    const member = await createMember(db());
    const noPage = {
      checkout: { sessions: { create: async () => ({ id: "cs_test_nopage", url: null }) } },
    } as unknown as Stripe;
    await expect(
      createCardCheckout({
        db: db(),
        stripe: noPage,
        memberId: member.id,
        email: member.email,
        brandName: "NovaSignals",
        origin: "https://signals.example.com",
        payment: { purpose: "top_up", cents: 1_000 },
      }),
    ).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Stripe did not return a payment page. Please try again.",
    });
    expect(await db().select().from(cardPayments).where(eq(cardPayments.userId, member.id))).toEqual([]);
  });

  it("the process's Stripe client: none without keys, one shared client with them; ids read from strings or objects", async () => {
    await withEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }, () => {
      expect(getStripe()).toBeUndefined();
    });
    await withEnv(
      {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      async () => {
        const first = getStripe();
        expect(first).toBeDefined();
        expect(getStripe()).toBe(first);
        // It talks to the configured API (the stand-in refuses any other key).
        const made = await first!.checkout.sessions.create({
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "x" } } }],
        });
        expect(made.id).toMatch(/^cs_/);
        expect(stripe.requests.at(-1)!.path).toBe("/v1/checkout/sessions");
      },
    );
    expect(stripeId(null)).toBeNull();
    expect(stripeId(undefined)).toBeNull();
    expect(stripeId("")).toBeNull();
    expect(stripeId("pi_test_1")).toBe("pi_test_1");
    expect(stripeId({ id: "pi_test_2" })).toBe("pi_test_2");
  });

  it("the webhook's ledger memos name Stripe's ids, and what it ignores is logged with them", async () => {
    const member = await createMember(db());
    const event = (type: string, object: object) =>
      ({ id: `evt_test_${Math.random().toString(36).slice(2)}`, type, data: { object } }) as unknown as Stripe.Event;
    const paid = (id: string, paymentIntent: string | null) => ({
      id,
      mode: "payment",
      payment_status: "paid",
      currency: "usd",
      amount_total: 1_050,
      client_reference_id: member.id,
      metadata: { memberId: member.id, purpose: "top_up" },
      payment_intent: paymentIntent,
    });
    await handleStripeEvent({
      db: db(),
      event: event("checkout.session.completed", paid("cs_test_memo1", "pi_test_memo1")),
    });
    await handleStripeEvent({ db: db(), event: event("checkout.session.completed", paid("cs_test_memo2", null)) });
    await handleStripeEvent({
      db: db(),
      event: event("charge.refunded", {
        id: "ch_test_memo1",
        amount: 1_050,
        amount_refunded: 250,
        currency: "usd",
        payment_intent: "pi_test_memo1",
      }),
    });
    const memos = await db()
      .select({ memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, member.id))
      .orderBy(asc(ledgerEntries.id));
    expect(memos.map((m) => m.memo)).toEqual([
      "Card payment of $10.50 (Stripe Checkout Session cs_test_memo1, PaymentIntent pi_test_memo1)",
      "Card payment of $10.50 (Stripe Checkout Session cs_test_memo2)",
      "Card refund (Stripe charge ch_test_memo1, PaymentIntent pi_test_memo1, Checkout Session " +
        "cs_test_memo1; $2.50 refunded in all)",
    ]);

    const logged = captureLogLines({ level: "warn" });
    setSingleton("logger", logged.log);
    try {
      await handleStripeEvent({
        db: db(),
        event: event("checkout.session.completed", { ...paid("cs_test_eur", "pi_test_eur"), currency: "eur" }),
      });
      await handleStripeEvent({
        db: db(),
        event: event("checkout.session.completed", {
          ...paid("cs_test_foreign", "pi_test_foreign"),
          client_reference_id: null,
          metadata: {},
        }),
      });
      await handleStripeEvent({
        db: db(),
        event: event("charge.refunded", {
          id: "ch_test_unknown",
          amount: 100,
          amount_refunded: 100,
          currency: "usd",
          payment_intent: "pi_test_unknown",
        }),
      });
      await handleStripeEvent({
        db: db(),
        event: event("charge.dispute.created", {
          id: "dp_test_unknown",
          amount: 100,
          payment_intent: "pi_test_unknown",
          reason: "fraudulent",
        }),
      });
    } finally {
      resetSingleton("logger");
    }
    const lines = logged
      .output()
      .trim()
      .split("\n")
      .map((line) => {
        const { level, msg, session, currency, charge, paymentIntent, dispute } = JSON.parse(line) as Record<
          string,
          unknown
        >;
        return { level, msg, session, currency, charge, paymentIntent, dispute };
      });
    expect(lines).toEqual([
      {
        level: 50,
        msg: "stripe: paid session not in US dollars; not credited",
        session: "cs_test_eur",
        currency: "eur",
      },
      { level: 40, msg: "stripe: paid session without a member; ignored", session: "cs_test_foreign" },
      {
        level: 40,
        msg: "stripe: refund of an unknown payment; ignored",
        charge: "ch_test_unknown",
        paymentIntent: "pi_test_unknown",
      },
      {
        level: 40,
        msg: "stripe: dispute of an unknown payment",
        dispute: "dp_test_unknown",
        paymentIntent: "pi_test_unknown",
      },
    ]);
  });

  it("a paid payment is credited once: the other success event rewrites nothing; refunds in another currency or to the penny", async () => {
    const member = await createMember(db());
    const event = (type: string, object: object) =>
      ({ id: `evt_test_${Math.random().toString(36).slice(2)}`, type, data: { object } }) as unknown as Stripe.Event;
    const session = {
      id: "cs_test_once",
      mode: "payment",
      payment_status: "paid",
      currency: "usd",
      amount_total: 2_000,
      client_reference_id: member.id,
      metadata: { memberId: member.id, purpose: "top_up" },
      payment_intent: "pi_test_once",
    };
    await handleStripeEvent({ db: db(), event: event("checkout.session.completed", session) });
    const [first] = await db().select().from(cardPayments).where(eq(cardPayments.sessionId, session.id));
    expect(
      await handleStripeEvent({ db: db(), event: event("checkout.session.async_payment_succeeded", session) }),
    ).toEqual({ outcome: "replayed" });
    const [again] = await db().select().from(cardPayments).where(eq(cardPayments.sessionId, session.id));
    expect(again).toEqual(first);
    const [bill] = await db().select().from(billingHistory).where(eq(billingHistory.userId, member.id));
    expect(bill!.description).toBe("Card top-up");

    const charge = { id: "ch_test_once", amount: 2_000, currency: "usd", payment_intent: "pi_test_once" };
    // A refund in another currency of this paid payment is not ours to convert: ignored.
    expect(
      await handleStripeEvent({
        db: db(),
        event: event("charge.refunded", { ...charge, currency: "eur", amount_refunded: 500 }),
      }),
    ).toEqual({ outcome: "ignored" });
    // A refund of everything, to the penny of the balance: debited whole, no flag.
    expect(
      await handleStripeEvent({ db: db(), event: event("charge.refunded", { ...charge, amount_refunded: 2_000 }) }),
    ).toEqual({ outcome: "refunded", memberId: member.id, flagged: false });
    const ledger = await db()
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, member.id))
      .orderBy(asc(ledgerEntries.id));
    expect(ledger.map((l) => l.amount)).toEqual([20_000_000n, -20_000_000n]);
    expect(await db().select().from(paymentFlags).where(eq(paymentFlags.userId, member.id))).toEqual([]);
    // A running total past what was credited: nothing left to take back, and no ledger row of zero.
    expect(
      await handleStripeEvent({
        db: db(),
        event: event("charge.refunded", { ...charge, id: "ch_test_once2", amount_refunded: 2_000 }),
      }),
    ).toEqual({ outcome: "replayed" });
    expect(
      await db().select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.userId, member.id)),
    ).toHaveLength(2);
  });

  describe("payment flag alerts", () => {
    let flagCount = 0;
    const emails: Email[] = [];
    const send = async (email: Email) => void emails.push(email);
    beforeEach(() => {
      emails.length = 0;
    });

    async function flag(userId: string, kind: "dispute" | "refund_shortfall" = "dispute") {
      const [row] = await db()
        .insert(paymentFlags)
        .values({ userId, kind, reference: `test:${++flagCount}`, amount: 1_000_000n, detail: `Detail ${flagCount}.` })
        .returning();
      return row!;
    }

    it("nothing is sent without SUPPORT_EMAIL, and the flags wait, unannounced", async () => {
      const member = await createMember(db());
      const waiting = await flag(member.id);
      await withEnv({ SUPPORT_EMAIL: undefined }, async () => {
        expect(await sendPaymentFlagAlerts({ db: db(), send })).toEqual({ sent: 0, failed: 0 });
      });
      expect(emails).toEqual([]);
      const [row] = await db().select().from(paymentFlags).where(eq(paymentFlags.id, waiting.id));
      expect(row).toMatchObject({ alertSentAt: null, alertAttempts: 0 });
      // Sent once the address is set (the file's own).
      expect(await sendPaymentFlagAlerts({ db: db(), send })).toEqual({ sent: 1, failed: 0 });
    });

    it("each alert says who, what and where, in text and HTML; a batch takes at most `limit` flags", async () => {
      const member = await createMember(db());
      const shortfall = await flag(member.id, "refund_shortfall");
      await flag(member.id);
      await flag(member.id);
      expect(await sendPaymentFlagAlerts({ db: db(), send, limit: 2 })).toEqual({ sent: 2, failed: 0 });
      expect(await sendPaymentFlagAlerts({ db: db(), send, limit: 2 })).toEqual({ sent: 1, failed: 0 });
      expect(await sendPaymentFlagAlerts({ db: db(), send })).toEqual({ sent: 0, failed: 0 });
      const first = emails.find((e) => e.text.includes(shortfall.detail))!;
      expect(first.to).toBe("ops@example.com");
      expect(first.subject).toBe(`Card refund larger than the member's balance: ${member.email}`);
      expect(first.text).toBe(
        [
          `Member: ${member.email}`,
          shortfall.detail,
          "",
          `Open the member in the back office: https://signals.example.com/admin/members/${member.id}`,
        ].join("\n"),
      );
      expect(first.html).toContain("Open the member</a>");
      expect(first.html).toContain(`https://signals.example.com/admin/members/${member.id}`);
      expect(first.html).toContain(`Member: ${member.email}`);
      expect(emails.filter((e) => e.subject === `Card payment disputed: ${member.email}`)).toHaveLength(2);
    });

    it("a failed alert is retried later and logged; after the last attempt it gives up, logged as an error", async () => {
      const member = await createMember(db());
      const fresh = await flag(member.id);
      const last = await flag(member.id);
      await db()
        .update(paymentFlags)
        .set({ alertAttempts: PAYMENT_FLAG_ALERT_MAX_ATTEMPTS - 1 })
        .where(eq(paymentFlags.id, last.id));
      const logged = captureLogLines({ level: "warn" });
      setSingleton("logger", logged.log);
      try {
        const failing = async () => {
          throw new Error("mail server down");
        };
        expect(await sendPaymentFlagAlerts({ db: db(), send: failing })).toEqual({ sent: 0, failed: 2 });
      } finally {
        resetSingleton("logger");
      }
      const lines = logged
        .output()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { level: number; msg: string; flag: number; attempt: number; err: string });
      const byFlag = new Map(lines.map((line) => [line.flag, line]));
      expect(byFlag.get(fresh.id)).toMatchObject({
        level: 40,
        msg: "payment flag alert failed; will retry",
        attempt: 1,
        err: "mail server down",
      });
      expect(byFlag.get(last.id)).toMatchObject({
        level: 50,
        msg: "payment flag alert not sent; giving up",
        attempt: PAYMENT_FLAG_ALERT_MAX_ATTEMPTS,
      });
      const rows = await db().select().from(paymentFlags).where(eq(paymentFlags.userId, member.id));
      expect(rows.map((r) => [r.id, r.alertAttempts, r.alertSentAt, r.alertLastError]).sort()).toEqual(
        [
          [fresh.id, 1, null, "mail server down"],
          [last.id, PAYMENT_FLAG_ALERT_MAX_ATTEMPTS, null, "mail server down"],
        ].sort(),
      );
      // Neither is due at once again: the fresh one waits its back-off, the last one is given up.
      expect(await sendPaymentFlagAlerts({ db: db(), send })).toEqual({ sent: 0, failed: 0 });
    });
  });
});
