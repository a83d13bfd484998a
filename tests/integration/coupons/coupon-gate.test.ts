import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { couponSchema } from "~/lib/validation/admin/coupons";
import { purchaseInTransaction } from "#server/billing/purchase-in-transaction";
import { closeCouponGate } from "#server/coupons/coupon-gate";
import { CouponUsePool, couponUsePool } from "#server/coupons/coupon-use-pool";
import { pgError } from "#server/db/db-errors";
import { coupons, memberCarts, orders, profiles } from "#server/db/schema";
import type { CompleteOrderResult } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { pauseCoupon } from "#server/staff/coupons/pause-coupon";
import { updateCoupon } from "#server/staff/coupons/update-coupon";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { createPlan, usdtTransfer } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { settle, waitForLockWaiters } from "../../helpers/lock-waits";
import { createMember, createMemberWithWallet, expectLedgerInvariant } from "../../helpers/members";
import { actor, buy, makeCoupon, moneyOf, refusalOf, usdt, usesCounted } from "./coupon-fixtures";

// A purchase with a code holds its plans' rows locked for share from its first statement to its
// commit (the gate: coupon-gate.ts). Staff's changes close the gate first, so they wait for every
// purchase in flight with a code: a count of its uses made then includes theirs, and nothing a
// purchase checked changes under it.
describeEachDatabase("a code's gate between its purchases and staff's changes", (database, kind) => {
  const db = () => database().db;

  /**
   * Runs a purchase with the code (20 % off a 50 USDT plan) until its write statement waits (for
   * the member's kept cart, held by another transaction), then `change` (staff's), and expects the
   * change to wait for the purchase (a lock wait of its own) rather than end while the purchase is
   * still in flight. Lets the purchase go either way; expects both to go through.
   */
  async function changeWaitsForPurchase(code: string, runChange: () => Promise<unknown>) {
    const plan = await createPlan(db(), "Kappa", usdt(50));
    const member = await createMember(db(), { balance: usdt(50) });
    await db()
      .insert(memberCarts)
      .values({ userId: member.id, planIds: [plan.id], billingPeriod: "monthly" });
    let purchase: ReturnType<typeof settle> | undefined;
    let change: ReturnType<typeof settle> | undefined;
    let waited: "waited" | "ended" | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1 from member_carts where user_id = ${member.id} for update`);
      purchase = settle(buy(db(), { userId: member.id, plans: [plan], code, total: usdt(40) }));
      await waitForLockWaiters(db(), 1);
      const changing = settle(runChange());
      change = changing;
      // Polled until the change waits for a lock too, or has ended without waiting.
      let ended = false;
      void changing.then(() => (ended = true));
      for (;;) {
        const waiting = await db().execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        if (waiting.rows[0]!.n >= 2) waited = "waited";
        else if (ended) waited = "ended";
        if (waited) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const race = { waited, purchase: await purchase!, change: await change!, member, plan };
    expect(race.waited).toBe("waited");
    expect(race.purchase.ok && race.change.ok).toBe(true);
    return race;
  }

  /** The code's form saved with a new limit while a purchase with it is in flight. */
  function saveDuringPurchase(coupon: { id: number; code: string }, maxRedemptions: string) {
    const form = { code: coupon.code, kind: "percent", percentOff: "20", duration: "once", maxRedemptions };
    return changeWaitsForPurchase(coupon.code, () =>
      updateCoupon({ db: db(), couponId: coupon.id, input: couponSchema.parse(form), actor }),
    );
  }

  /**
   * A code limited to two uses, both taken in blocks: this process's (spent by the purchase in
   * flight) and another's (kept unused). No slot has room left: whatever counts one more use
   * counts the code's actual uses and spreads what is left again.
   */
  async function limitedCodeTakenInBlocks() {
    const coupon = await makeCoupon(db(), { percentOff: "20", maxRedemptions: "2" });
    await couponUsePool.refill({ db: db(), couponId: coupon.id });
    await new CouponUsePool().refill({ db: db(), couponId: coupon.id });
    return coupon;
  }

  /** The code's uses counted are `uses`, its limit: the next member is refused as used up, and the ledger holds. */
  async function expectUsedUp(coupon: { id: number; code: string }, plan: { id: number; price: bigint }, uses: number) {
    expect(await usesCounted(db(), coupon.id)).toBe(uses);
    const late = await createMember(db(), { balance: usdt(50) });
    expect(await refusalOf(buy(db(), { userId: late.id, plans: [plan], code: coupon.code, total: usdt(40) }))).toEqual({
      code: "CONFLICT",
      message: couponMessages.usedUp,
    });
    await expectLedgerInvariant(db());
  }

  describe.skipIf(kind === "pglite")("PostgreSQL only: PGlite runs one transaction at a time", () => {
    it("a save giving an unlimited code a limit waits for its purchase in flight and counts its use", async () => {
      const coupon = await makeCoupon(db(), { percentOff: "20" });
      const race = await saveDuringPurchase(coupon, "1");
      // The save counted the purchase that was in flight: the limit of one is reached.
      const [saved] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(saved!.redemptionCount).toBe(1);
      await expectUsedUp(coupon, race.plan, 1);
    });

    it("a save of a limited code waits for a purchase spending a use from memory, and leaves exactly the rest", async () => {
      const coupon = await makeCoupon(db(), { percentOff: "20", maxRedemptions: "3" });
      await couponUsePool.refill({ db: db(), couponId: coupon.id });
      const race = await saveDuringPurchase(coupon, "2");
      // The purchase's use, checked against the generation it was taken under, counted once.
      expect((await moneyOf(db(), race.member.id)).uses).toHaveLength(1);
      const [saved] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(saved!.redemptionCount).toBe(1);
      // One use left of two: one more member gets it, the next is refused.
      const buyers = [await createMember(db(), { balance: usdt(50) }), await createMember(db(), { balance: usdt(50) })];
      await buy(db(), { userId: buyers[0]!.id, plans: [race.plan], code: coupon.code, total: usdt(40) });
      expect(
        await refusalOf(buy(db(), { userId: buyers[1]!.id, plans: [race.plan], code: coupon.code, total: usdt(40) })),
      ).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
      await expectLedgerInvariant(db());
    });

    it("another process recounting a limited code's uses waits for a purchase in flight with one", async () => {
      const coupon = await limitedCodeTakenInBlocks();
      const third = new CouponUsePool();
      // Its refill finds no slot with room: it recounts.
      await changeWaitsForPurchase(coupon.code, () => third.refill({ db: db(), couponId: coupon.id }));
      // The recount saw the purchase: one use left, which the third process now holds.
      expect(third.held(coupon.id)).toBe(1);
      const [recounted] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(recounted!.redemptionCount).toBe(1);
      await expectLedgerInvariant(db());
    });

    it("a purchase counting its use under the code's lock waits for one in flight with a use from memory, and recounts it", async () => {
      const coupon = await limitedCodeTakenInBlocks();
      const plan = await createPlan(db(), "Mu", usdt(50));
      const counting = await createMember(db(), { balance: usdt(50) });
      // As an order's completion counts: before writing, under the code's lock. It recounts.
      await changeWaitsForPurchase(coupon.code, () =>
        db().transaction((tx) =>
          purchaseInTransaction({
            tx,
            userId: counting.id,
            planIds: [plan.id],
            billingPeriod: "monthly",
            totalAmount: usdt(40),
            idempotencyKey: crypto.randomUUID(),
            couponCode: coupon.code,
          }),
        ),
      );
      // The recount saw the purchase in flight: both uses are counted, and the next member is refused.
      await expectUsedUp(coupon, plan, 2);
    });

    it("an order a deposit completes counts its code's use under the code's lock: it waits for a purchase in flight, and recounts it", async () => {
      const coupon = await limitedCodeTakenInBlocks();
      const plan = await createPlan(db(), "Nu", usdt(50));
      // The member's order, priced with the code while nothing was paid yet; their deposit
      // arrives while purchase A is in flight, and its completion of the order races A.
      const ordering = await createMemberWithWallet(db());
      const { orderId } = await createOrder({
        db: db(),
        userId: ordering.id,
        planIds: [plan.id],
        billingPeriod: "monthly",
        couponCode: coupon.code,
      });
      const [priced] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(priced).toMatchObject({ status: "pending", totalAmount: usdt(40), couponCode: coupon.code });
      let completion: CompleteOrderResult | undefined;
      await changeWaitsForPurchase(coupon.code, async () => {
        const deposit = usdtTransfer(ordering.walletAddress, usdt(40));
        ({ completion } = await creditDeposit({ db: db(), event: deposit, userId: ordering.id }));
      });
      expect(completion?.status).toBe("paid");
      expect((await moneyOf(db(), ordering.id)).uses).toHaveLength(1);
      // The recount saw the purchase in flight: both uses are counted, and the next member is refused.
      await expectUsedUp(coupon, plan, 2);
    });

    it("a purchase that waited behind its member's other writer holds the gate, with the code it read again", async () => {
      const renamed = await makeCoupon(db(), { percentOff: "20" });
      const plan = await createPlan(db(), "Lambda", usdt(50));
      const member = await createMember(db(), { balance: usdt(50) });
      await db()
        .insert(memberCarts)
        .values({ userId: member.id, planIds: [plan.id], billingPeriod: "monthly" });
      let purchase: ReturnType<typeof settle> | undefined;
      let taken: number | undefined;
      let gateOpen: boolean | undefined;
      await db().transaction(async (cart) => {
        // The member's kept cart held: the purchase's write waits for it, its gates taken by then.
        await cart.execute(sql`select 1 from member_carts where user_id = ${member.id} for update`);
        const xid = await cart.execute<{ xid: string }>(sql`select pg_current_xact_id()::text as xid`);
        await db().transaction(async (tx) => {
          await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, member.id)).for("update");
          purchase = settle(buy(db(), { userId: member.id, plans: [plan], code: renamed.code, total: usdt(40) }));
          await waitForLockWaiters(db(), 1);
          // While it waits: the code renamed, its text given to a new code, and the member's row
          // written, so the purchase reads its state (and the code) again once it has the row.
          await tx
            .update(coupons)
            .set({ code: `${renamed.code}X` })
            .where(eq(coupons.id, renamed.id));
          const [made] = await tx
            .insert(coupons)
            .values({ code: renamed.code, kind: "percent", percentOff: 20 })
            .returning({ id: coupons.id });
          taken = made!.id;
          await tx.update(profiles).set({ updatedAt: new Date() }).where(eq(profiles.id, member.id));
        });
        for (;;) {
          const waiting = await db().execute<{ n: number }>(sql`
            select count(*)::int as n from pg_locks
             where locktype = 'transactionid' and not granted and transactionid::text = ${xid.rows[0]!.xid}`);
          if (waiting.rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // Closing the gate now would wait: the purchase holds its plan's row for share.
        gateOpen = await db()
          .execute(sql`select 1 from pricing where id = ${plan.id} for no key update nowait`)
          .then(() => true)
          .catch((error: unknown) => pgError(error).code !== "55P03");
      });
      expect((await purchase!).ok).toBe(true);
      expect(gateOpen).toBe(false);
      // Bought with the code as read again: the new one.
      expect((await moneyOf(db(), member.id)).uses.map((use) => use.couponId)).toEqual([taken]);
    });

    it("a closed gate keeps no plain purchase waiting, and holds a purchase with a code until it opens", async () => {
      const coupon = await makeCoupon(db(), { percentOff: "20" });
      const plan = await createPlan(db(), "Nu", usdt(50));
      const plain = await createMember(db(), { balance: usdt(50) });
      const coded = await createMember(db(), { balance: usdt(50) });
      let withCode: ReturnType<typeof settle> | undefined;
      await db().transaction(async (tx) => {
        await closeCouponGate({ tx, couponId: coupon.id });
        // Its subscription's foreign key takes the plan's row for key share, which the gate lets by.
        await buy(db(), { userId: plain.id, plans: [plan], total: usdt(50) });
        withCode = settle(buy(db(), { userId: coded.id, plans: [plan], code: coupon.code, total: usdt(40) }));
        await waitForLockWaiters(db(), 1);
      });
      expect((await withCode!).ok).toBe(true);
      expect((await moneyOf(db(), plain.id)).bills).toHaveLength(1);
      expect((await moneyOf(db(), coded.id)).uses).toHaveLength(1);
      await expectLedgerInvariant(db());
    });

    it("a pause waits for a purchase in flight, which completes; the next checkout is refused", async () => {
      const coupon = await makeCoupon(db(), { percentOff: "20" });
      const race = await changeWaitsForPurchase(coupon.code, () =>
        pauseCoupon({ db: db(), couponId: coupon.id, paused: true, actor }),
      );
      expect((await moneyOf(db(), race.member.id)).uses).toHaveLength(1);
      const late = await createMember(db(), { balance: usdt(50) });
      expect(
        await refusalOf(buy(db(), { userId: late.id, plans: [race.plan], code: coupon.code, total: usdt(40) })),
      ).toEqual({ code: "VALIDATION", message: couponMessages.paused });
    });
  });
});
