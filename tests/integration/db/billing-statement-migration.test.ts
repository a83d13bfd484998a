import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { priceFor } from "~/lib/pricing";
import { adjustMemberBalance } from "#server/billing/adjust-balance";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
import { billingHistory, pricing, subscriptions } from "#server/db/schema";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { describeEachDatabase } from "../../helpers/database";
import { randomTronAddress, randomTxId, USDT_CONTRACT } from "../../helpers/fake-trongrid";
import { createMember } from "../../helpers/members";

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const DAY = 24 * 60 * 60 * 1000;

// The backfill's statements: every one after the schema changes (they start with "-- Rows written before").
const backfill = readFileSync(new URL("../../../db/migrations/0038_billing_statement.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .filter((statement) => /^\s*(WITH|UPDATE|--)/.test(statement) && /UPDATE billing_history/.test(statement));

describeEachDatabase("migration 0038: billing rows written before it find their ledger entry and order", (database) => {
  const db = () => database().db;

  it("links deposits (simulated ones too), purchases (and the order each completed), renewals and operators' credits", async () => {
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: `p-${crypto.randomUUID().slice(0, 8)}`, name: "Delta (Pro)", price: usdt(4), published: true })
      .returning();
    const { id } = await createMember(db());
    await creditDeposit({
      db: db(),
      userId: id,
      event: {
        txId: randomTxId(),
        eventIndex: 2,
        blockNumber: 1,
        blockTimestamp: Date.now(),
        contract: USDT_CONTRACT,
        from: randomTronAddress(),
        to: randomTronAddress(),
        amount: usdt(30),
      },
    });
    await creditDeposit({
      db: db(),
      userId: id,
      simulated: true,
      event: {
        txId: randomTxId(),
        eventIndex: 1,
        blockNumber: 1,
        blockTimestamp: Date.now(),
        contract: USDT_CONTRACT,
        from: randomTronAddress(),
        to: randomTronAddress(),
        amount: usdt(1),
      },
    });
    await adjustMemberBalance({
      db: db(),
      memberId: id,
      amount: usdt(3),
      reference: { namespace: "ops", key: "r1" },
      reason: "Goodwill",
      actor: "cli",
    });
    await purchaseSubscriptions({
      db: db(),
      userId: id,
      planIds: [plan!.id],
      billingPeriod: "quarterly",
      totalAmount: priceFor(usdt(4), "quarterly"),
      idempotencyKey: "k",
      now: new Date(Date.now() - 100 * DAY),
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(await renewSubscription({ db: db(), subscriptionId: sub!.id, now: new Date() })).toBe("charged");
    await db().update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.id, sub!.id));
    const order = await createOrder({ db: db(), userId: id, planIds: [plan!.id], billingPeriod: "monthly" });
    if (order.completion.status !== "paid")
      expect((await completeCoveredOrder({ db: db(), userId: id })).status).toBe("paid");

    const written = await db().select().from(billingHistory).where(eq(billingHistory.userId, id));
    expect(written).toHaveLength(6);
    expect(written.every((row) => row.ledgerReference !== null)).toBe(true);
    // As rows written before the migration were: no links, no period.
    await db().execute(sql`update billing_history set ledger_reference = null, order_id = null, billing_period = null`);
    for (const statement of backfill) await db().execute(sql.raw(statement));

    const restored = await db().select().from(billingHistory).where(eq(billingHistory.userId, id));
    const byId = new Map(restored.map((row) => [row.id, row]));
    for (const row of written) {
      expect(byId.get(row.id)).toMatchObject({ ledgerReference: row.ledgerReference, orderId: row.orderId });
      if (row.paymentType === "USDT Balance") expect(byId.get(row.id)!.billingPeriod).toBe(row.billingPeriod);
    }
    expect(written.filter((row) => row.orderId === order.orderId)).toHaveLength(1);
  });
});
