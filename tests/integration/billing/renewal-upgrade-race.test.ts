import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { purchaseInTransaction } from "#server/billing/purchase-in-transaction";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
import type { Db } from "#server/db/client";
import { billingHistory, ledgerEntries, planTelegramChats, profiles, subscriptions } from "#server/db/schema";
import { isAppError } from "#server/lib/errors";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { isDeadlock, raceBehindGate, settle, type Settled } from "../../helpers/lock-waits";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const BOUGHT = new Date("2026-01-01T12:00:00Z");
// A second after VIP's due date: the renewal is due, and an upgrade now credits nothing for it
// (no day of it is left) unless the renewal paid the next month first, which is then credited whole.
const NOW = new Date("2026-02-01T12:00:01Z");

/**
 * A renewal and an upgrade that ends the renewing plan, at the same moment. Both take the member's
 * profile row and the subscription row; taken in opposite orders they could each hold one and wait
 * for the other (PostgreSQL's deadlock_detected). Whatever order they run in, the member pays for
 * the smaller plan once at most: renewed and then credited in full, or ended and never renewed.
 * The calls here are the bare transactions (no retry), so a deadlock would surface.
 */
describeEachDatabase("a renewal and an upgrade of the same member at once", (database, kind) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function setUp(d: Db) {
    const make = async (name: string, price: number, chats: number[]) => {
      const plan = await createPlan(d, name, usdt(price));
      await d.insert(planTelegramChats).values(chats.map((chatId) => ({ planId: plan.id, chatId })));
      return plan;
    };
    const vip = await make(`VIP ${crypto.randomUUID().slice(0, 6)}`, 78, [-2002]);
    const all = await make(`All-in-One ${crypto.randomUUID().slice(0, 6)}`, 150, [-2001, -2002, -2003]);
    const member = await createMember(d, { balance: usdt(1000) });
    await purchaseSubscriptions({
      ...{ db: d, userId: member.id, planIds: [vip.id], billingPeriod: "monthly" as const },
      ...{ totalAmount: usdt(78), idempotencyKey: crypto.randomUUID(), now: BOUGHT },
    });
    const [sub] = await d.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    return { vip, all, member, sub: sub! };
  }

  /** The upgrade as the dashboard makes it, without the retry a deadlock would be hidden by; priced again once if the renewal changed its price. */
  async function upgrade(d: Db, userId: string, planId: number) {
    const once = (totalAmount: bigint) =>
      d.transaction((tx) =>
        purchaseInTransaction({
          ...{ tx, userId, planIds: [planId], billingPeriod: "monthly" as const, totalAmount },
          ...{ idempotencyKey: crypto.randomUUID(), now: NOW },
        }),
      );
    try {
      return await once(usdt(150));
    } catch (error) {
      const required = isAppError(error) ? (error.details.answer as { required?: string })?.required : undefined;
      if (!required) throw error;
      return await once(BigInt(required));
    }
  }

  const renew = (d: Db, subscriptionId: string) => renewSubscription({ db: d, subscriptionId, now: NOW });

  /** One consistent outcome: the smaller plan renewed-then-credited or ended unrenewed, one active plan, paid once. */
  async function expectOneOutcome(
    d: Db,
    s: Awaited<ReturnType<typeof setUp>>,
    renewal: Settled<unknown>,
    upgraded: Settled<unknown>,
  ) {
    for (const outcome of [renewal, upgraded]) {
      if (!outcome.ok) expect(isDeadlock(outcome.error), String(outcome.error)).toBe(false);
      if (!outcome.ok) throw outcome.error;
    }
    const subs = await d.select().from(subscriptions).where(eq(subscriptions.userId, s.member.id));
    expect(subs.filter((sub) => sub.status === "active").map((sub) => sub.planId)).toEqual([s.all.id]);
    expect(subs.find((sub) => sub.id === s.sub.id)).toMatchObject({ status: "cancelled", autorenew: false });
    const ledger = await d.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.member.id));
    const renewals = ledger.filter((row) => row.kind === "renewal");
    expect(renewals.length).toBeLessThanOrEqual(1);
    const [bill] = await d
      .select({ credit: billingHistory.creditAmount, total: billingHistory.totalAmount })
      .from(billingHistory)
      .where(and(eq(billingHistory.userId, s.member.id), eq(billingHistory.listAmount, usdt(150))));
    if (renewals.length === 1) {
      expect(renewal).toEqual({ ok: true, value: "charged" });
      expect(bill).toEqual({ credit: usdt(78), total: usdt(72) });
    } else {
      expect(renewal).toEqual({ ok: true, value: "skipped" });
      expect(bill).toEqual({ credit: 0n, total: usdt(150) });
    }
    // Either way the member paid 78 for January and 150 for February's switch, no more.
    const [profile] = await d.select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, s.member.id));
    expect(profile!.balance).toBe(usdt(1000 - 78 - 150));
    return renewals.length === 1 ? "renewed-then-credited" : "ended";
  }

  it("many times at once: never a deadlock, one outcome each time", async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const s = await setUp(db());
      const calls =
        round % 2 === 0
          ? [settle(renew(db(), s.sub.id)), settle(upgrade(db(), s.member.id, s.all.id))]
          : [settle(upgrade(db(), s.member.id, s.all.id)), settle(renew(db(), s.sub.id))].reverse();
      const [renewal, upgraded] = await Promise.all(calls);
      seen.add(await expectOneOutcome(db(), s, renewal!, upgraded!));
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  describe.skipIf(kind === "pglite")("PostgreSQL only: PGlite runs one transaction at a time", () => {
    it("the upgrade queued first: it ends the plan, the renewal then finds nothing due (no deadlock)", async () => {
      for (let round = 0; round < 3; round++) {
        const s = await setUp(db());
        const [upgraded, renewal] = await raceBehindGate({
          db: db(),
          userId: s.member.id,
          first: () => upgrade(db(), s.member.id, s.all.id),
          second: () => renew(db(), s.sub.id),
        });
        expect(await expectOneOutcome(db(), s, renewal, upgraded)).toBe("ended");
      }
    });

    it("the renewal queued first: the plan is renewed, then the upgrade credits that month in full", async () => {
      const s = await setUp(db());
      const [renewal, upgraded] = await raceBehindGate({
        db: db(),
        userId: s.member.id,
        first: () => renew(db(), s.sub.id),
        second: () => upgrade(db(), s.member.id, s.all.id),
      });
      expect(await expectOneOutcome(db(), s, renewal, upgraded)).toBe("renewed-then-credited");
    });

    it("the renewal queued first ends the plan (autorenew off): the upgrade, read before, is run again and sold whole", async () => {
      // The ending renewal charges nothing and leaves the member's row alone, so the upgrade's
      // first read (taken before it got the lock) still holds VIP as active and plans to end it.
      const s = await setUp(db());
      await db().update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, s.sub.id));
      const [renewal, upgraded] = await raceBehindGate({
        db: db(),
        userId: s.member.id,
        first: () => renew(db(), s.sub.id),
        second: () =>
          purchaseSubscriptions({
            ...{ db: db(), userId: s.member.id, planIds: [s.all.id], billingPeriod: "monthly" as const },
            ...{ totalAmount: usdt(150), idempotencyKey: crypto.randomUUID(), now: NOW },
          }),
      });
      expect(renewal).toEqual({ ok: true, value: "expired" });
      if (!upgraded.ok) throw upgraded.error;
      const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, s.member.id));
      expect(subs.find((sub) => sub.id === s.sub.id)?.status).toBe("expired");
      expect(subs.filter((sub) => sub.status === "active").map((sub) => sub.planId)).toEqual([s.all.id]);
      const [bill] = await db()
        .select({ credit: billingHistory.creditAmount, total: billingHistory.totalAmount })
        .from(billingHistory)
        .where(and(eq(billingHistory.userId, s.member.id), eq(billingHistory.listAmount, usdt(150))));
      expect(bill).toEqual({ credit: 0n, total: usdt(150) });
    });
  });
});
