import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { priceCart, priceLine } from "~/lib/priced-lines";
import { lockAndRead } from "#server/billing/purchase-state";
import { recordPurchase } from "#server/billing/record-purchase";
import type { Db } from "#server/db/client";
import { createPlan, twoPlanPurchase } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { expectLedgerInvariant } from "../../helpers/members";

// recordPurchase writes a purchase's rows and its ledger debit in one statement, and checks its
// answer against what it meant to write: a statement that wrote one row too few, or a ledger
// whose balance disagrees with the balance the confirmation already carries, must roll the whole
// purchase back rather than commit a half-written or mis-stated one.

/**
 * A row of `table` that a purchase inserts is silently not written (a trigger skips it), as if the
 * statement lost one: the statement's own check (purchase_checked) must fail it.
 */
async function skippingInsertsInto(db: Db, table: string, when = "true") {
  await db.execute(
    sql.raw(
      `create or replace function skip_insert() returns trigger language plpgsql as $$ begin return null; end $$`,
    ),
  );
  await db.execute(
    sql.raw(
      `create trigger skip_insert before insert on ${table} for each row when (${when}) execute function skip_insert()`,
    ),
  );
  return () => db.execute(sql.raw(`drop trigger skip_insert on ${table}`));
}

describeEachDatabase("recordPurchase", (database, kind) => {
  const usdt = (n: number) => BigInt(n) * 1_000_000n;

  async function setUp() {
    const db = database().db;
    return { db, ...(await twoPlanPurchase(db)) };
  }

  it("writes every row of the purchase and returns the balance after it", async () => {
    const { db, order, rowsOf } = await setUp();
    expect(await db.transaction((tx) => recordPurchase({ tx, order }))).toBe(usdt(50));
    const rows = await rowsOf();
    expect([rows.subs.length, rows.bills.length, rows.notes.length, rows.requests.length]).toEqual([2, 1, 1, 1]);
    expect(rows.debits.map((entry) => entry.amount)).toEqual([-usdt(50)]);
    await expectLedgerInvariant(db);
  });

  it("moves only the amount charged and keeps the list price, the discount with its code and the credit", async () => {
    const { db, order, rowsOf } = await setUp();
    const [alpha, beta] = order.cart.lines;
    const cart = priceCart(
      [
        priceLine(alpha!, { discount: usdt(3) }),
        priceLine(beta!, { discount: usdt(2), credit: usdt(5), creditNote: "Unused days of Gamma" }),
      ],
      "SPRING",
    );
    expect(await db.transaction((tx) => recordPurchase({ tx, order: { ...order, cart } }))).toBe(usdt(60));
    const rows = await rowsOf();
    expect(rows.debits.map((entry) => entry.amount)).toEqual([-usdt(40)]);
    const [bill] = rows.bills;
    expect(bill).toMatchObject({
      totalAmount: usdt(40),
      listAmount: usdt(50),
      discountAmount: usdt(5),
      couponCode: "SPRING",
      creditAmount: usdt(5),
    });
    expect(bill!.lines).toEqual([
      {
        planId: alpha!.planId,
        name: "Alpha",
        listPrice: "30000000",
        discount: "3000000",
        credit: "0",
        charged: "27000000",
      },
      {
        planId: beta!.planId,
        name: "Beta",
        listPrice: "20000000",
        discount: "2000000",
        credit: "5000000",
        charged: "13000000",
        creditNote: "Unused days of Gamma",
      },
    ]);
    expect(rows.notes[0]!.payload).toMatchObject({
      amount: "$40.00 USDT",
      breakdown: "List price $50.00 USDT, less $5.00 USDT with code SPRING, less $5.00 USDT credit for unused time.",
    });
    await expectLedgerInvariant(db);
  });

  it("charges nothing, and writes no ledger row, when everything was taken off", async () => {
    const { db, order, rowsOf } = await setUp();
    const cart = priceCart(
      order.cart.lines.map((line) => priceLine(line, { discount: line.listPrice })),
      "FREEBIE",
    );
    expect(await db.transaction((tx) => recordPurchase({ tx, order: { ...order, cart } }))).toBe(usdt(100));
    const rows = await rowsOf();
    expect(rows.debits).toEqual([]);
    expect(rows.subs).toHaveLength(2);
    expect(rows.bills[0]).toMatchObject({
      totalAmount: 0n,
      listAmount: usdt(50),
      discountAmount: usdt(50),
      ledgerReference: null,
    });
    await expectLedgerInvariant(db);
  });

  it("sends one statement text for carts of any size, kept prepared on PostgreSQL", async () => {
    const { db, order } = await setUp();
    const gamma = await createPlan(db, "Gamma", usdt(10));
    const carts = [order.cart, priceCart([priceLine({ planId: gamma.id, name: gamma.name, listPrice: gamma.price })])];
    const prepared = await db.transaction(async (tx) => {
      const names = async () => {
        const rows = await tx.execute<{ name: string }>(
          sql`select name from pg_prepared_statements where name like 'purchase%' order by name`,
        );
        return rows.rows.map((row) => row.name);
      };
      const after: string[][] = [];
      for (const cart of carts) {
        const planIds = cart.lines.map((line) => line.planId);
        const state = await lockAndRead({ tx, userId: order.userId, idempotencyKey: order.idempotencyKey, planIds });
        const idempotencyKey = crypto.randomUUID();
        await recordPurchase({ tx, order: { ...order, cart, balance: BigInt(state.balance), idempotencyKey } });
        after.push(await names());
      }
      return after;
    });
    // The second cart (one plan, the first had two) prepared nothing new on this connection.
    expect(prepared[1]).toEqual(prepared[0]);
    const kept = [...new Set(prepared[0]!.map((name) => name.replace(/_[0-9a-f]{16}$/, "")))];
    // PGlite has no use for the name: the statements just ran.
    expect(kept).toEqual(kind === "postgres" ? ["purchase_lock_and_read", "purchase_write"] : []);
  });

  it("rolls back when the statement wrote any row too few", async () => {
    const parts = {
      subscriptions: /expected 2 subscriptions and one of each other row, wrote \{1,1,1,1,1\}/,
      billing_history: /wrote \{2,0,1,1,1\}/,
      notifications: /wrote \{2,1,0,1,1\}/,
      purchase_requests: /wrote \{2,1,1,0,1\}/,
      ledger_entries: /wrote \{2,1,1,1,0\}/,
    };
    for (const [table, message] of Object.entries(parts)) {
      const { db, order, written } = await setUp();
      // One of the two subscriptions is skipped; of every other part, its one row.
      const only = table === "subscriptions" ? `new.plan_id = ${order.cart.lines[1]!.planId}` : "true";
      const stop = await skippingInsertsInto(db, table, only);
      const failed = await db.transaction((tx) => recordPurchase({ tx, order })).catch((error: unknown) => error);
      await stop();
      expect(failed, table).toBeInstanceOf(Error);
      expect(String(failed), table).toMatch(message);
      expect(await written(), table).toEqual([0, 0, 0, 0, 0]);
      await expectLedgerInvariant(db);
    }
  });

  it("rolls back when the ledger's balance is not the one the confirmation carries", async () => {
    const { db, order, written } = await setUp();
    // The caller read a balance of 90 (a stale read): the ledger leaves 50, not 40.
    const failed = await db
      .transaction((tx) => recordPurchase({ tx, order: { ...order, balance: usdt(90) } }))
      .catch((error: unknown) => error);
    expect(String(failed)).toMatch(/the ledger left 50000000, not the 40000000 already recorded/);
    expect(await written()).toEqual([0, 0, 0, 0, 0]);
    await expectLedgerInvariant(db);
  });
});
