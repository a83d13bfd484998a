import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postLedgerEntry } from "#server/billing/ledger";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import type { Tx } from "#server/db/client";
import { profiles, subscriptions } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { runBehindMemberLock } from "../../helpers/lock-waits";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

/**
 * A purchase locks the member's row and reads its state in one statement, whose snapshot predates
 * the lock. These tests make it wait behind another transaction that changes what it decides on,
 * and check that it decides on what that transaction committed.
 */
describeEachDatabase("purchaseSubscriptions behind another writer", (database, kind) => {
  const db = () => database().db;

  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  /** Starts the purchase behind the member's held row, and runs `change` once the purchase waits. */
  const purchaseBehind = (userId: string, planId: number, total: bigint, change: (tx: Tx) => Promise<void>) =>
    runBehindMemberLock({
      db: db(),
      userId,
      change,
      behind: () =>
        purchaseSubscriptions({
          db: db(),
          userId,
          planIds: [planId],
          billingPeriod: "monthly",
          totalAmount: total,
          idempotencyKey: crypto.randomUUID(),
        }),
    });

  describe.skipIf(kind === "pglite")("PostgreSQL only: PGlite runs one transaction at a time", () => {
    it("a plan that ended while the purchase waited can be bought again", async () => {
      const member = await createMember(db(), { balance: usdt(49) });
      const plan = await createPlan(db(), "Gold", usdt(49));
      await db()
        .insert(subscriptions)
        .values({
          userId: member.id,
          planId: plan.id,
          status: "active",
          billingPeriod: "monthly",
          startDate: new Date(),
          nextBillingDate: new Date(Date.now() + 86_400_000),
          autorenew: false,
        });
      const bought = purchaseBehind(member.id, plan.id, usdt(49), async (tx) => {
        // What a renewal that could not charge does: the plan ends, and the member's row is written.
        await tx
          .update(subscriptions)
          .set({ status: "expired" })
          .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.status, "active")));
        await tx.update(profiles).set({ updatedAt: new Date() }).where(eq(profiles.id, member.id));
      });
      await expect(bought).resolves.toMatchObject({ activeSubscriptions: [plan.id], newBalance: "0" });
    });

    it("a deposit credited while the purchase waited pays for it", async () => {
      const member = await createMember(db(), { balance: usdt(9) });
      const plan = await createPlan(db(), "Gold", usdt(49));
      const bought = purchaseBehind(member.id, plan.id, usdt(49), async (tx) => {
        await postLedgerEntry({
          tx,
          userId: member.id,
          kind: "deposit",
          amount: usdt(40),
          reference: `dep:${member.id}`,
        });
      });
      await expect(bought).resolves.toMatchObject({ activeSubscriptions: [plan.id], newBalance: "0" });
    });

    it("a plan bought by the transaction it waited for is refused as already subscribed, charging once", async () => {
      const member = await createMember(db(), { balance: usdt(98) });
      const plan = await createPlan(db(), "Gold", usdt(49));
      const bought = purchaseBehind(member.id, plan.id, usdt(49), async (tx) => {
        await tx.insert(subscriptions).values({
          userId: member.id,
          planId: plan.id,
          status: "active",
          billingPeriod: "monthly",
          startDate: new Date(),
          nextBillingDate: new Date(Date.now() + 86_400_000),
          autorenew: true,
        });
        await postLedgerEntry({
          tx,
          userId: member.id,
          kind: "purchase",
          amount: -usdt(49),
          reference: `p:${member.id}`,
        });
      });
      await expect(bought).rejects.toThrow("Already subscribed to: Gold");
      const [row] = await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, member.id));
      expect(row!.balance).toBe(usdt(49));
    });
  });
});
