import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "#server/db/client";
import { notifications, planPriceChanges, pricing, subscriptions } from "#server/db/schema";
import { cancelScheduledPriceChange } from "#server/staff/plans/cancel-scheduled-price-change";
import { changePlanPrice, PRICE_NOTICE_DAYS } from "#server/staff/plans/change-plan-price";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const editor = { userId: null, label: "prices@example.com", role: "editor" };
const NOW = new Date("2026-11-23T12:00:00.000Z");

async function plan(db: Db, price: bigint) {
  const [row] = await db
    .insert(pricing)
    .values({ planId: `r-${crypto.randomUUID().slice(0, 8)}`, name: "Silver", price, published: true })
    .returning();
  return row!;
}

async function subscribe(
  db: Db,
  planId: number,
  options: { status?: "active" | "expired" | "cancelled"; period?: "monthly" | "quarterly" } = {},
) {
  const member = await createMember(db);
  await db.insert(subscriptions).values({
    userId: member.id,
    planId,
    status: options.status ?? "active",
    billingPeriod: options.period ?? "monthly",
    startDate: new Date("2026-11-01T00:00:00.000Z"),
    nextBillingDate: new Date("2026-12-01T00:00:00.000Z"),
    autorenew: true,
  });
  return member;
}

/* changePlanPrice and cancelScheduledPriceChange, at their exact bounds and rows. */
describeEachDatabase("plan price rules", (database) => {
  const db = () => database().db;
  const change = (p: { id: number; name: string; price: bigint }, newPrice: bigint, now = NOW) =>
    db().transaction((tx) =>
      changePlanPrice({ tx, plan: { id: p.id, name: p.name, price: p.price }, newPrice, actor: editor, now }),
    );
  const changesOf = (planId: number) =>
    db().select().from(planPriceChanges).where(eq(planPriceChanges.planId, planId)).orderBy(planPriceChanges.id);
  const noticesOf = (userId: string, kind: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

  it("gives 30 days' notice", () => {
    expect(PRICE_NOTICE_DAYS).toBe(30);
  });

  it("the same price again is no change: no row, nobody told", async () => {
    const silver = await plan(db(), 20_000_000n);
    const member = await subscribe(db(), silver.id);
    expect(await change(silver, 20_000_000n)).toEqual({ mode: "unchanged" });
    expect(await changesOf(silver.id)).toEqual([]);
    expect(await noticesOf(member.id, "price_change_notice")).toEqual([]);
  });

  it("a lower price is recorded in force at once: dated, applied and effective now, by whom", async () => {
    const silver = await plan(db(), 20_000_000n);
    await subscribe(db(), silver.id);
    expect(await change(silver, 19_990_000n)).toEqual({
      mode: "immediate",
      oldPrice: 20_000_000n,
      newPrice: 19_990_000n,
    });
    expect(await changesOf(silver.id)).toMatchObject([
      {
        oldPrice: 20_000_000n,
        newPrice: 19_990_000n,
        createdBy: "prices@example.com",
        createdAt: NOW,
        appliedAt: NOW,
        effectiveAt: NOW,
        cancelledAt: null,
      },
    ]);
  });

  it("a rise with members renewing is effective exactly 30 days later, applied now; each renewing member is told", async () => {
    const silver = await plan(db(), 20_000_000n);
    const monthly = await subscribe(db(), silver.id);
    const quarterly = await subscribe(db(), silver.id, { period: "quarterly" });
    const result = await change(silver, 25_000_000n);
    expect(result).toEqual({
      mode: "scheduled",
      oldPrice: 20_000_000n,
      newPrice: 25_000_000n,
      effectiveAt: new Date("2026-12-23T12:00:00.000Z"),
      notified: 2,
    });
    const [row] = await changesOf(silver.id);
    expect(row).toMatchObject({
      createdBy: "prices@example.com",
      createdAt: NOW,
      appliedAt: NOW,
      effectiveAt: new Date("2026-12-23T12:00:00.000Z"),
    });
    expect((await noticesOf(monthly.id, "price_change_notice")).map((n) => n.payload)).toEqual([
      {
        plan: "Silver",
        period: "monthly",
        oldAmount: "$20.00 USDT",
        newAmount: "$25.00 USDT",
        effectiveOn: "2026-12-23",
        changeId: String(row!.id),
      },
    ]);
    expect(await noticesOf(quarterly.id, "price_change_notice")).toHaveLength(1);
  });

  it("members whose subscription is no longer active are not renewing: a rise is in force at once", async () => {
    const silver = await plan(db(), 20_000_000n);
    const expired = await subscribe(db(), silver.id, { status: "expired" });
    const cancelled = await subscribe(db(), silver.id, { status: "cancelled" });
    expect(await change(silver, 25_000_000n)).toEqual({
      mode: "immediate",
      oldPrice: 20_000_000n,
      newPrice: 25_000_000n,
    });
    expect(await noticesOf(expired.id, "price_change_notice")).toEqual([]);
    expect(await noticesOf(cancelled.id, "price_change_notice")).toEqual([]);
  });

  it("refuses another change until the very millisecond the notice ends", async () => {
    const silver = await plan(db(), 20_000_000n);
    await subscribe(db(), silver.id);
    await change(silver, 30_000_000n);
    const raised = { ...silver, price: 30_000_000n };
    await expect(change(raised, 10_000_000n, new Date("2026-12-23T11:59:59.999Z"))).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "A change to $30.00 USDT a month is already scheduled for Dec 23, 2026; members were told " +
        "that price. Change it after that date.",
    });
    expect(await change(raised, 10_000_000n, new Date("2026-12-23T12:00:00.000Z"))).toEqual({
      mode: "immediate",
      oldPrice: 30_000_000n,
      newPrice: 10_000_000n,
    });
    expect(await changesOf(silver.id)).toHaveLength(2);
  });

  describe("cancelling a rise whose notices predate the period in the payload", () => {
    const noticeFor = async (userId: string, payload: Record<string, string>) => {
      await db().insert(notifications).values({ userId, kind: "price_change_notice", payload });
    };

    it("tells each member the amount their own notice named, else the old monthly price, and nobody told of another change", async () => {
      const silver = await plan(db(), 20_000_000n);
      await subscribe(db(), silver.id);
      await change(silver, 30_000_000n);
      await db().update(pricing).set({ price: 30_000_000n }).where(eq(pricing.id, silver.id));
      const [rise] = await changesOf(silver.id);
      const named = await createMember(db());
      const bare = await createMember(db());
      const other = await createMember(db());
      await noticeFor(named.id, { plan: "Silver", oldAmount: "$51.00 USDT", changeId: String(rise!.id) });
      await noticeFor(bare.id, { plan: "Silver", changeId: String(rise!.id) });
      await noticeFor(other.id, { plan: "Silver", period: "monthly", changeId: String(rise!.id + 1000) });

      const result = await cancelScheduledPriceChange({
        db: db(),
        planId: silver.id,
        changeId: rise!.id,
        actor: editor,
        now: new Date("2026-11-30T00:00:00.000Z"),
      });
      expect(result).toEqual({ planId: silver.id, price: 20_000_000n, cancelledPrice: 30_000_000n, notified: 3 });
      expect((await noticesOf(named.id, "price_change_cancelled")).map((n) => n.payload)).toEqual([
        { plan: "Silver", amount: "$51.00 USDT", cancelledOn: "2026-11-30" },
      ]);
      expect((await noticesOf(bare.id, "price_change_cancelled")).map((n) => n.payload)).toEqual([
        { plan: "Silver", amount: "$20.00 USDT", cancelledOn: "2026-11-30" },
      ]);
      expect(await noticesOf(other.id, "price_change_cancelled")).toEqual([]);
    });

    it("recomputes a monthly or quarterly member's amount from the old price, whatever their notice said", async () => {
      const silver = await plan(db(), 20_000_000n);
      await subscribe(db(), silver.id);
      await change(silver, 30_000_000n);
      const [rise] = await changesOf(silver.id);
      const monthly = await createMember(db());
      const quarterly = await createMember(db());
      await noticeFor(monthly.id, {
        plan: "Silver",
        period: "monthly",
        oldAmount: "20 USDT",
        changeId: String(rise!.id),
      });
      await noticeFor(quarterly.id, {
        plan: "Silver",
        period: "quarterly",
        oldAmount: "60 USDT",
        changeId: String(rise!.id),
      });
      await cancelScheduledPriceChange({
        db: db(),
        planId: silver.id,
        changeId: rise!.id,
        actor: editor,
        now: new Date("2026-11-30T00:00:00.000Z"),
      });
      expect((await noticesOf(monthly.id, "price_change_cancelled")).map((n) => n.payload)).toEqual([
        { plan: "Silver", period: "monthly", amount: "$20.00 USDT", cancelledOn: "2026-11-30" },
      ]);
      // Quarterly: floor(20 × 3 × 0.85) = 51.
      expect((await noticesOf(quarterly.id, "price_change_cancelled")).map((n) => n.payload)).toEqual([
        { plan: "Silver", period: "quarterly", amount: "$51.00 USDT", cancelledOn: "2026-11-30" },
      ]);
    });

    it("can cancel until one millisecond before the rise's date, and only once", async () => {
      const silver = await plan(db(), 20_000_000n);
      await subscribe(db(), silver.id);
      await change(silver, 30_000_000n);
      const [rise] = await changesOf(silver.id);
      const result = await cancelScheduledPriceChange({
        db: db(),
        planId: silver.id,
        changeId: rise!.id,
        actor: editor,
        now: new Date("2026-12-23T11:59:59.999Z"),
      });
      expect(result).toMatchObject({ price: 20_000_000n, notified: 1 });
      await expect(
        cancelScheduledPriceChange({
          db: db(),
          planId: silver.id,
          changeId: rise!.id,
          actor: editor,
          now: new Date("2026-12-01T00:00:00.000Z"),
        }),
      ).rejects.toMatchObject({
        code: "CONFLICT",
        message: "No price change is waiting for this plan: it may have been cancelled already or reached its date.",
      });
    });
  });
});
