import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterEach, beforeEach, expect, it } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import { handleStripeEvent } from "#server/card-payments/handle-stripe-event";
import { sendPaymentFlagAlerts } from "#server/card-payments/send-payment-flag-alerts";
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
import { openCardTopUp, stripeEvent, stripeId } from "../../helpers/card-payments";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { failOnce, literal } from "../../helpers/fail-once";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

setTestEnv({ SUPPORT_EMAIL: "ops@example.com", LOG_LEVEL: "silent" });

/*
 * The webhook's handlers when a delivery fails part-way (a real database failure from a trigger,
 * in the middle of the event's transaction) and Stripe delivers the same event again, and when
 * one payment gets several refund steps; each time with a second member's payment beside it,
 * which must not move.
 */
describeEachDatabase("card webhook events that fail, then come again", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  /** A member who opened a Checkout Session (as createCardCheckout records it) and its paid form. */
  async function opened(cents: number, options: { balance?: bigint } = {}) {
    const member = await createMember(db(), options);
    return { member, ...(await openCardTopUp(db(), member.id, cents)) };
  }

  async function paid(cents: number) {
    const payment = await opened(cents);
    expect(
      (await handleStripeEvent({ db: db(), event: stripeEvent("checkout.session.completed", payment.session) }))
        .outcome,
    ).toBe("credited");
    return payment;
  }

  /** Everything a card event can write for a member, and the session's own row. */
  async function state(userId: string, sessionId: string) {
    const [profile] = await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId));
    const [payment] = await db()
      .select({
        status: cardPayments.status,
        credited: cardPayments.credited,
        refunded: cardPayments.refunded,
        paymentIntentId: cardPayments.paymentIntentId,
      })
      .from(cardPayments)
      .where(eq(cardPayments.sessionId, sessionId));
    return {
      balance: profile!.balance,
      payment,
      ledger: await db()
        .select({ amount: ledgerEntries.amount, reference: ledgerEntries.reference })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(asc(ledgerEntries.id)),
      billing: await db()
        .select({ total: billingHistory.totalAmount, reference: billingHistory.ledgerReference })
        .from(billingHistory)
        .where(eq(billingHistory.userId, userId)),
      notices: await db()
        .select({ kind: notifications.kind, payload: notifications.payload })
        .from(notifications)
        .where(eq(notifications.userId, userId)),
      flags: await db()
        .select({ kind: paymentFlags.kind, reference: paymentFlags.reference, amount: paymentFlags.amount })
        .from(paymentFlags)
        .where(eq(paymentFlags.userId, userId))
        .orderBy(asc(paymentFlags.id)),
    };
  }

  const recorded = async (eventId: string) =>
    db().select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));

  let bystander: Awaited<ReturnType<typeof paid>>;
  let bystanderBefore: Awaited<ReturnType<typeof state>>;
  // A second member's paid card payment, checked untouched after each test. Made before each test
  // rather than once: code run in a `beforeAll` belongs to no test, and mutation testing then
  // reruns every test file of the area for each of its mutants.
  beforeEach(async () => {
    bystander = await paid(1_200);
    bystanderBefore = await state(bystander.member.id, bystander.session.id);
  });
  afterEach(async () => {
    expect(await state(bystander.member.id, bystander.session.id)).toEqual(bystanderBefore);
  });

  for (const table of ["ledger_entries", "billing_history", "notifications"]) {
    it(`a paid session whose credit fails at ${table} leaves nothing, its event included; the redelivery credits it once`, async () => {
      const { member, session } = await opened(2_000);
      const before = await state(member.id, session.id);
      const completed = stripeEvent("checkout.session.completed", session);
      const trigger = await failOnce(db(), { table, when: `new.user_id = ${literal(member.id)}` });
      await expect(handleStripeEvent({ db: db(), event: completed })).rejects.toThrow();
      expect(await state(member.id, session.id)).toEqual(before);
      expect(before.payment).toMatchObject({ status: "open", credited: null, paymentIntentId: null });
      expect(await recorded(completed.id)).toEqual([]);

      expect(await handleStripeEvent({ db: db(), event: completed })).toEqual({
        outcome: "credited",
        memberId: member.id,
        orderId: null,
        credit: { reference: expect.stringMatching(/^stripe:cs_/), notificationId: expect.any(String) },
      });
      expect(await handleStripeEvent({ db: db(), event: completed })).toEqual({ outcome: "replayed" });
      const after = await state(member.id, session.id);
      expect(after).toMatchObject({
        balance: 20_000_000n,
        payment: { status: "paid", credited: 20_000_000n, refunded: 0n, paymentIntentId: session.payment_intent },
        ledger: [{ amount: 20_000_000n, reference: `stripe:${session.id}` }],
        billing: [{ total: 20_000_000n, reference: `stripe:${session.id}` }],
        notices: [{ kind: "card_payment_credited" }],
      });
      expect(await recorded(completed.id)).toEqual([{ id: completed.id }]);
      await trigger.remove();
    });
  }

  it("a refund whose debit fails part-way leaves the credit and its event unrecorded; the redelivery debits it once", async () => {
    const { member, session, charge } = await paid(3_000);
    const before = await state(member.id, session.id);
    const refunded = stripeEvent("charge.refunded", { ...charge, amount_refunded: 1_000 });
    // The ledger row is written, then the payment's running total fails.
    const trigger = await failOnce(db(), {
      table: "card_payments",
      on: "update",
      when: `new.session_id = ${literal(session.id)}`,
    });
    await expect(handleStripeEvent({ db: db(), event: refunded })).rejects.toThrow();
    expect(await state(member.id, session.id)).toEqual(before);
    expect(await recorded(refunded.id)).toEqual([]);

    expect(await handleStripeEvent({ db: db(), event: refunded })).toEqual({
      outcome: "refunded",
      memberId: member.id,
      flagged: false,
    });
    expect(await handleStripeEvent({ db: db(), event: refunded })).toEqual({ outcome: "replayed" });
    // The same step in a new event (Stripe's dashboard resends it under another id): nothing new.
    expect(
      await handleStripeEvent({
        db: db(),
        event: stripeEvent("charge.refunded", { ...charge, amount_refunded: 1_000 }),
      }),
    ).toEqual({ outcome: "replayed" });
    const after = await state(member.id, session.id);
    expect(after.balance).toBe(20_000_000n);
    expect(after.payment).toMatchObject({ credited: 30_000_000n, refunded: 10_000_000n });
    expect(after.ledger).toEqual([
      { amount: 30_000_000n, reference: `stripe:${session.id}` },
      { amount: -10_000_000n, reference: `stripe:refund:${charge.id}:1000` },
    ]);
    await trigger.remove();
  });

  it("a refund larger than the balance that fails at its flag debits nothing; the redelivery debits and flags once", async () => {
    const { member, session, charge } = await paid(2_500);
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "purchase",
      amount: -20_000_000n,
      reference: stripeId("spent"),
    });
    const before = await state(member.id, session.id);
    const refunded = stripeEvent("charge.refunded", { ...charge, amount_refunded: 2_500 });
    const trigger = await failOnce(db(), { table: "payment_flags", when: `new.user_id = ${literal(member.id)}` });
    await expect(handleStripeEvent({ db: db(), event: refunded })).rejects.toThrow();
    expect(await state(member.id, session.id)).toEqual(before);
    expect(await recorded(refunded.id)).toEqual([]);

    expect(await handleStripeEvent({ db: db(), event: refunded })).toMatchObject({
      outcome: "refunded",
      flagged: true,
    });
    expect(await handleStripeEvent({ db: db(), event: refunded })).toEqual({ outcome: "replayed" });
    const after = await state(member.id, session.id);
    expect(after.balance).toBe(0n);
    expect(after.payment!.refunded).toBe(25_000_000n);
    expect(after.ledger.at(-1)).toEqual({ amount: -5_000_000n, reference: `stripe:refund:${charge.id}:2500` });
    expect(after.flags).toEqual([
      { kind: "refund_shortfall", reference: `refund:${charge.id}:2500`, amount: 20_000_000n },
    ]);
    await trigger.remove();
  });

  it("a dispute whose flag fails is not recorded as handled; the redelivery flags it once", async () => {
    const { member, session, charge } = await paid(4_000);
    const before = await state(member.id, session.id);
    const disputeId = stripeId("dp");
    const disputed = stripeEvent("charge.dispute.created", {
      id: disputeId,
      object: "dispute",
      amount: 4_000,
      currency: "usd",
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: "fraudulent",
    });
    const trigger = await failOnce(db(), { table: "payment_flags", when: `new.user_id = ${literal(member.id)}` });
    await expect(handleStripeEvent({ db: db(), event: disputed })).rejects.toThrow();
    expect(await state(member.id, session.id)).toEqual(before);
    expect(await recorded(disputed.id)).toEqual([]);

    expect(await handleStripeEvent({ db: db(), event: disputed })).toEqual({
      outcome: "disputed",
      memberId: member.id,
      flagged: true,
    });
    // The same dispute under a new event id: handled, not flagged again.
    expect(await handleStripeEvent({ db: db(), event: { ...disputed, id: stripeId("evt") } as Stripe.Event })).toEqual({
      outcome: "disputed",
      memberId: member.id,
      flagged: false,
    });
    const after = await state(member.id, session.id);
    expect(after.balance).toBe(before.balance);
    expect(after.flags).toEqual([{ kind: "dispute", reference: `dispute:${disputeId}`, amount: 40_000_000n }]);
    await trigger.remove();
  });

  it("two partial refunds beyond the balance each debit what is left and raise their own flag and alert", async () => {
    const { member, session, charge } = await paid(3_000);
    // 25 of the 30 USDT were spent: 5 left.
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "purchase",
      amount: -25_000_000n,
      reference: stripeId("spent"),
    });
    const first = await handleStripeEvent({
      db: db(),
      event: stripeEvent("charge.refunded", { ...charge, amount_refunded: 1_000 }),
    });
    expect(first).toEqual({ outcome: "refunded", memberId: member.id, flagged: true });
    // The member paid in 2 USDT meanwhile: the second step takes those and flags the rest.
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "adjustment",
      amount: 2_000_000n,
      reference: stripeId("in"),
    });
    const second = await handleStripeEvent({
      db: db(),
      event: stripeEvent("charge.refunded", { ...charge, amount_refunded: 2_500 }),
    });
    expect(second).toEqual({ outcome: "refunded", memberId: member.id, flagged: true });

    const after = await state(member.id, session.id);
    expect(after.balance).toBe(0n);
    expect(after.payment!.refunded).toBe(25_000_000n);
    expect(after.ledger.filter((l) => l.reference.startsWith("stripe:refund:"))).toEqual([
      { amount: -5_000_000n, reference: `stripe:refund:${charge.id}:1000` },
      { amount: -2_000_000n, reference: `stripe:refund:${charge.id}:2500` },
    ]);
    expect(after.flags).toEqual([
      { kind: "refund_shortfall", reference: `refund:${charge.id}:1000`, amount: 5_000_000n },
      { kind: "refund_shortfall", reference: `refund:${charge.id}:2500`, amount: 13_000_000n },
    ]);
    const details = await db()
      .select({ detail: paymentFlags.detail })
      .from(paymentFlags)
      .where(eq(paymentFlags.userId, member.id))
      .orderBy(asc(paymentFlags.id));
    expect(details.map((d) => d.detail)).toEqual([
      `A card refund of $10.00 USDT (Stripe charge ${charge.id}) was more than the balance of $5.00 USDT: $5.00 USDT could not be taken back.`,
      `A card refund of $15.00 USDT (Stripe charge ${charge.id}) was more than the balance of $2.00 USDT: $13.00 USDT could not be taken back.`,
    ]);

    const alerts: Email[] = [];
    await sendPaymentFlagAlerts({ db: db(), send: async (email) => void alerts.push(email) });
    const mine = alerts.filter((a) => a.subject.endsWith(member.email));
    expect(mine.map((a) => a.text.split("\n")[1])).toEqual(details.map((d) => d.detail));
    // Each alert once: a second run sends none of them again.
    const again: Email[] = [];
    await sendPaymentFlagAlerts({ db: db(), send: async (email) => void again.push(email) });
    expect(again).toEqual([]);
  });

  it("refunds beyond what was credited debit only what was credited, and a full refund after a partial one the rest", async () => {
    const { member, session, charge } = await paid(2_000);
    await handleStripeEvent({ db: db(), event: stripeEvent("charge.refunded", { ...charge, amount_refunded: 500 }) });
    // Stripe's running total never passes the charge; a bigger figure is still capped at the credit.
    await handleStripeEvent({ db: db(), event: stripeEvent("charge.refunded", { ...charge, amount_refunded: 2_600 }) });
    const after = await state(member.id, session.id);
    expect(after.balance).toBe(0n);
    expect(after.payment!.refunded).toBe(20_000_000n);
    expect(after.ledger.map((l) => l.amount)).toEqual([20_000_000n, -5_000_000n, -15_000_000n]);
    expect(after.flags).toEqual([]);
  });

  it("refused events leave every row as it was: an unpaid or foreign-currency session, an unknown refund or dispute", async () => {
    const { member, session, charge } = await opened(1_500);
    const before = await state(member.id, session.id);
    const refused = [
      stripeEvent("checkout.session.completed", { ...session, payment_status: "unpaid" }),
      stripeEvent("checkout.session.completed", { ...session, currency: "eur" }),
      stripeEvent("checkout.session.completed", { ...session, amount_total: 0 }),
      stripeEvent("checkout.session.completed", { ...session, mode: "subscription" }),
      stripeEvent("checkout.session.completed", { ...session, client_reference_id: null, metadata: {} }),
      stripeEvent("checkout.session.completed", { ...session, metadata: { memberId: member.id, purpose: "gift" } }),
      // Its session was never paid, so there is nothing to refund or dispute.
      stripeEvent("charge.refunded", { ...charge, amount_refunded: 1_500 }),
      stripeEvent("charge.refunded", { ...charge, currency: "eur", amount_refunded: 1_500 }),
      stripeEvent("charge.refunded", { ...charge, payment_intent: null, amount_refunded: 1_500 }),
      stripeEvent("charge.dispute.created", {
        id: stripeId("dp"),
        amount: 1_500,
        payment_intent: stripeId("pi"),
        reason: "fraudulent",
      }),
      stripeEvent("charge.dispute.created", {
        id: stripeId("dp"),
        amount: 1_500,
        payment_intent: null,
        reason: "fraudulent",
      }),
    ];
    for (const each of refused)
      expect(await handleStripeEvent({ db: db(), event: each })).toEqual({ outcome: "ignored" });
    expect(await state(member.id, session.id)).toEqual(before);
    // Recorded as seen, so a redelivery is answered at once.
    for (const each of refused) expect(await recorded(each.id)).toEqual([{ id: each.id }]);
  });

  it("a session this database never recorded is credited from Stripe's signed copy, for the member it names", async () => {
    const member = await createMember(db());
    const session = {
      id: stripeId("cs"),
      mode: "payment",
      payment_status: "paid",
      currency: "usd",
      amount_total: 700,
      client_reference_id: null,
      metadata: { memberId: member.id, purpose: "order", orderId: "order-1" },
      payment_intent: { id: stripeId("pi") },
    };
    expect(
      await handleStripeEvent({ db: db(), event: stripeEvent("checkout.session.async_payment_succeeded", session) }),
    ).toEqual({
      outcome: "credited",
      memberId: member.id,
      orderId: "order-1",
      credit: { reference: expect.stringMatching(/^stripe:cs_/), notificationId: expect.any(String) },
    });
    const [row] = await db().select().from(cardPayments).where(eq(cardPayments.sessionId, session.id));
    expect(row).toMatchObject({
      userId: member.id,
      purpose: "order",
      orderId: "order-1",
      amountCents: 700,
      status: "paid",
      paymentIntentId: session.payment_intent.id,
      credited: 7_000_000n,
    });
    const [bill] = await db().select().from(billingHistory).where(eq(billingHistory.userId, member.id));
    expect(bill).toMatchObject({ description: "Card payment for your order", paymentType: "Card", status: "paid" });
    expect(bill!.invoiceId).toMatch(/^CARD-[0-9A-F]{10}$/);
  });
});
