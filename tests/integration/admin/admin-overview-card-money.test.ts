import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import { expect, it } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import { creditCardPayment } from "#server/card-payments/credit-card-payment";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

withTestDataDir("admin-overview-card-money", { LOG_LEVEL: "silent" });

/** A paid Checkout Session as Stripe's signed webhook hands it over (the fields the credit reads). */
const paidSession = (memberId: string, cents: number) =>
  ({
    id: `cs_test_${crypto.randomUUID()}`,
    object: "checkout.session",
    mode: "payment",
    payment_status: "paid",
    currency: "usd",
    amount_total: cents,
    client_reference_id: memberId,
    metadata: { memberId, purpose: "top_up" },
    payment_intent: `pi_test_${crypto.randomUUID()}`,
  }) as unknown as Stripe.Checkout.Session;

describeEachDatabase("card money in the overview's money-in figure", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  it("a card payment counts in today's, 7 and 30 days' figures, under Card; a card refund is not netted", async () => {
    const member = await createMember(db());
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "deposit",
      amount: 10_000_000n,
      reference: "test:usdt:1",
    });
    const before = (await getAdminOverview({ db: db(), role: "admin" })).money!.deposits;
    expect(before.days30).toEqual({ count: 1, sum: "10000000" });

    // Paid by card through the webhook's own credit: 25.00 USD is 25 USDT.
    const outcome = await db().transaction((tx) => creditCardPayment({ tx, session: paidSession(member.id, 2_500) }));
    expect(outcome).toMatchObject({ outcome: "credited" });
    // A refund is a negative card row: money paid back, not money paid in.
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "card",
      amount: -5_000_000n,
      reference: "test:refund:1",
    });
    // An operator's credit is not money paid in either.
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "adjustment",
      amount: 3_000_000n,
      reference: "test:adj:1",
    });

    const figures = (await getAdminOverview({ db: db(), role: "admin" })).money!;
    const after = figures.deposits;
    // The credit shows on its own line, as a staff credit.
    expect(figures.staffCredits.days30).toEqual({ count: 1, sum: "3000000" });
    const card = { count: 1, sum: "25000000" };
    const usdt = { count: 1, sum: "10000000" };
    for (const window of ["today", "days7", "days30"] as const) {
      expect(after[window]).toEqual({ count: 2, sum: "35000000" });
      expect(after.byMethod.card[window]).toEqual(card);
      expect(after.byMethod.usdt[window]).toEqual(usdt);
    }
    await expectLedgerInvariant(db());
  });

  it("a row stamped within the same millisecond as the overview's moment, a moment before it, is counted", async () => {
    // The database stamps rows in microseconds, the overview's moment is a date in milliseconds:
    // taken in the millisecond the credit was written in, after it, the credit is in the past.
    const member = await createMember(db());
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "deposit",
      amount: 7_000_000n,
      reference: "test:usdt:ms",
    });
    const { rows } = await db().execute<{ micros: string }>(
      sql`select (extract(epoch from created_at) * 1000000)::bigint::text as micros
          from ledger_entries where reference = 'test:usdt:ms'`,
    );
    const now = new Date(Number(BigInt(rows[0]!.micros) / 1000n));
    const at = async (moment: Date) =>
      (await getAdminOverview({ db: db(), role: "admin", now: moment })).money!.deposits.days30;
    // A millisecond earlier the credit had not been written; in its own millisecond it has.
    const [earlier, then] = [await at(new Date(now.getTime() - 1)), await at(now)];
    expect(then.count - earlier.count).toBe(1);
    expect(BigInt(then.sum) - BigInt(earlier.sum)).toBe(7_000_000n);
  });
});
