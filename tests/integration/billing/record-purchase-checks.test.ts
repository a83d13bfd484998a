import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { recordPurchase, UseNotCounted } from "#server/billing/record-purchase";
import type { Db, Tx } from "#server/db/client";
import { StaleReadError } from "#server/db/db-errors";
import { runTransactionReadingFirst } from "#server/db/run-transaction-reading-first";
import { subscriptions } from "#server/db/schema";
import { createPlan, twoPlanPurchase } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { expectLedgerInvariant } from "../../helpers/members";

// The purchase's write statement checks what it wrote itself (purchase_checked), so that COMMIT can
// leave with it: each failed check fails the statement with its own SQLSTATE, which recordPurchase
// throws as the error its callers know, and nothing of the purchase is committed, whether the
// statement ran in a plain transaction or was sent with the COMMIT (which then answers ROLLBACK).

type Run = (
  db: Db,
  write: (tx: Tx, commitWith?: Parameters<typeof recordPurchase>[0]["commitWith"]) => Promise<bigint>,
) => Promise<bigint>;

const runs: Record<string, Run> = {
  "in a transaction": (db, write) => db.transaction((tx) => write(tx)),
  "sent with COMMIT": (db, write) =>
    runTransactionReadingFirst({
      db,
      read: (tx) => tx.execute(sql`select 1`),
      rest: (tx, _read, commitWith) => write(tx, commitWith),
    }),
};

describeEachDatabase("recordPurchase's checks in the statement", (database) => {
  const usdt = (n: number) => BigInt(n) * 1_000_000n;

  async function setUp() {
    const db = database().db;
    return { db, ...(await twoPlanPurchase(db)) };
  }

  for (const [how, run] of Object.entries(runs)) {
    it(`commits the purchase when every check holds (${how})`, async () => {
      const { db, order, written } = await setUp();
      expect(await run(db, (tx, commitWith) => recordPurchase({ tx, order, commitWith }))).toBe(usdt(50));
      expect(await written()).toEqual([2, 1, 1, 1, 1]);
      await expectLedgerInvariant(db);
    });

    it(`throws StaleReadError and commits nothing when a replaced plan was no longer active (${how})`, async () => {
      const { db, member, order, written } = await setUp();
      const gamma = await createPlan(db, "Gamma", usdt(10));
      const [ended] = await db
        .insert(subscriptions)
        .values({
          userId: member.id,
          planId: gamma.id,
          status: "cancelled",
          billingPeriod: "monthly",
          nextBillingDate: new Date(),
        })
        .returning({ id: subscriptions.id });
      const replaced = [{ subscriptionId: ended!.id, samePlan: false }];
      const failed = await run(db, (tx, commitWith) =>
        recordPurchase({ tx, order: { ...order, replaced }, commitWith }),
      ).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(StaleReadError);
      expect(String(failed)).toMatch(/expected to end 1 replaced subscriptions, ended 0/);
      expect(await written()).toEqual([1, 0, 0, 0, 0]); // the cancelled one only
      await expectLedgerInvariant(db);
    });

    it(`throws UseNotCounted and commits nothing when the code's use counted nothing (${how})`, async () => {
      const { db, order, written } = await setUp();
      const failed = await run(db, (tx, commitWith) =>
        recordPurchase({ tx, order: { ...order, countUse: sql`select 1 where false` }, commitWith }),
      ).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(UseNotCounted);
      expect(await written()).toEqual([0, 0, 0, 0, 0]);
    });

    it(`commits when the code's use counted once (${how})`, async () => {
      const { db, order, written } = await setUp();
      await run(db, (tx, commitWith) =>
        recordPurchase({ tx, order: { ...order, countUse: sql`select 1` }, commitWith }),
      );
      expect(await written()).toEqual([2, 1, 1, 1, 1]);
    });

    it(`throws and commits nothing when the ledger leaves another balance than the one recorded (${how})`, async () => {
      const { db, order, written } = await setUp();
      const failed = await run(db, (tx, commitWith) =>
        recordPurchase({ tx, order: { ...order, balance: usdt(90) }, commitWith }),
      ).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(String(failed)).toMatch(/the ledger left 50000000, not the 40000000 already recorded/);
      expect(await written()).toEqual([0, 0, 0, 0, 0]);
      await expectLedgerInvariant(db);
    });

    it(`throws and commits nothing when a part wrote a row too few (${how})`, async () => {
      const { db, order, written } = await setUp();
      await db.execute(
        sql.raw(
          `create or replace function skip_note() returns trigger language plpgsql as $$ begin return null; end $$`,
        ),
      );
      await db.execute(
        sql.raw(`create trigger skip_note before insert on notifications for each row execute function skip_note()`),
      );
      try {
        const failed = await run(db, (tx, commitWith) => recordPurchase({ tx, order, commitWith })).catch(
          (error: unknown) => error,
        );
        expect(String(failed)).toMatch(/expected 2 subscriptions and one of each other row, wrote \{2,1,0,1,1\}/);
      } finally {
        await db.execute(sql.raw(`drop trigger skip_note on notifications`));
      }
      expect(await written()).toEqual([0, 0, 0, 0, 0]);
      await expectLedgerInvariant(db);
    });
  }
});
