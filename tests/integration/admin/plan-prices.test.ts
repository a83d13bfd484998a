import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planSchema } from "~/lib/validation/admin/plans";
import { planPriceAt } from "#server/billing/plan-price-at";
import { renewSubscription } from "#server/billing/renew-subscription";
import type { Db } from "#server/db/client";
import { auditLog, ledgerEntries, notifications, planPriceChanges, pricing, subscriptions } from "#server/db/schema";
import { renderNotification } from "#server/notifications/templates";
import { cancelScheduledPriceChange, NO_SCHEDULED_CHANGE } from "#server/staff/plans/cancel-scheduled-price-change";
import { savePlan } from "#server/staff/plans/save-plan";
import { renderTelegramNotification } from "#server/telegram/messages";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const editor = { userId: null, label: "editor@example.com", role: "editor" };
const NOW = new Date("2026-11-23T12:00:00.000Z");
const day = 24 * 60 * 60 * 1000;
const usdt = (n: number) => BigInt(Math.round(n * 1_000_000));

async function plan(db: Db, price: bigint) {
  const [row] = await db
    .insert(pricing)
    .values({
      planId: `p-${crypto.randomUUID().slice(0, 8)}`,
      name: "Gold",
      price,
      published: true,
      features: ["Signals"],
    })
    .returning();
  return row!;
}

async function subscribe(
  db: Db,
  planId: number,
  options: {
    period?: "monthly" | "quarterly" | "lifetime";
    autorenew?: boolean;
    due?: Date;
    balance?: bigint;
    start?: Date;
  } = {},
) {
  const member = await createMember(db, { balance: options.balance ?? usdt(500) });
  const period = options.period ?? "monthly";
  const [sub] = await db
    .insert(subscriptions)
    .values({
      userId: member.id,
      planId,
      billingPeriod: period,
      startDate: options.start ?? new Date(NOW.getTime() - 20 * day),
      nextBillingDate: period === "lifetime" ? null : (options.due ?? new Date(NOW.getTime() + 10 * day)),
      autorenew: period !== "lifetime" && (options.autorenew ?? true),
    })
    .returning();
  return { member, sub: sub! };
}

describeEachDatabase("plan prices and the 30 days' notice", (database) => {
  const db = () => database().db;
  const save = (planId: number, monthlyPrice: string, now = NOW) =>
    savePlan({
      db: db(),
      planId,
      input: planSchema.parse({ name: "Gold", monthlyPrice, features: ["Signals"] }),
      actor: editor,
      now,
    });
  const priceOf = async (id: number) =>
    (await db().select({ price: pricing.price }).from(pricing).where(eq(pricing.id, id)))[0]!.price;
  const noticesOf = async (userId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, "price_change_notice")));
  const charged = async (userId: string) =>
    (
      await db()
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "renewal")))
    ).map((r) => -r.amount);

  it("a lower price is in force at once, for everyone, and nobody is told", async () => {
    const gold = await plan(db(), usdt(49));
    const { member } = await subscribe(db(), gold.id);
    const result = await save(gold.id, "39");
    expect(result.price).toEqual({ mode: "immediate", oldPrice: usdt(49), newPrice: usdt(39) });
    expect(await priceOf(gold.id)).toBe(usdt(39));
    expect(await noticesOf(member.id)).toEqual([]);
  });

  it("a higher price on a plan nobody renews (lifetime, autorenew off) is in force at once", async () => {
    const gold = await plan(db(), usdt(49));
    await subscribe(db(), gold.id, { period: "lifetime" });
    await subscribe(db(), gold.id, { autorenew: false });
    expect((await save(gold.id, "59")).price.mode).toBe("immediate");
    expect(await priceOf(gold.id)).toBe(usdt(59));
  });

  it("a higher price with members renewing: new buyers pay it at once; renewing members are told by email and Telegram and keep the old price for 30 days", async () => {
    const gold = await plan(db(), usdt(49));
    const monthly = await subscribe(db(), gold.id, { due: new Date(NOW.getTime() + 10 * day) });
    const quarterly = await subscribe(db(), gold.id, { period: "quarterly", due: new Date(NOW.getTime() + 40 * day) });
    const lifetime = await subscribe(db(), gold.id, { period: "lifetime" });

    const result = await save(gold.id, "59");
    const effectiveAt = new Date(NOW.getTime() + 30 * day);
    expect(result.price).toEqual({
      mode: "scheduled",
      oldPrice: usdt(49),
      newPrice: usdt(59),
      effectiveAt,
      notified: 2,
    });
    // /pricing and new purchases read the plan's price: the new one, at once.
    expect(await priceOf(gold.id)).toBe(usdt(59));
    const [notice] = await noticesOf(monthly.member.id);
    const [change] = await db().select().from(planPriceChanges).where(eq(planPriceChanges.planId, gold.id));
    expect(notice!.payload).toEqual({
      plan: "Gold",
      period: "monthly",
      oldAmount: "$49.00 USDT",
      newAmount: "$59.00 USDT",
      effectiveOn: "2026-12-23",
      changeId: String(change!.id),
    });
    // Quarterly: floor(price × 3 × 0.85) for each price.
    expect((await noticesOf(quarterly.member.id))[0]!.payload).toMatchObject({
      period: "quarterly",
      oldAmount: "$124.00 USDT",
      newAmount: "$150.00 USDT",
    });
    expect(await noticesOf(lifetime.member.id)).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(gold.id)), eq(auditLog.action, "plan.price_scheduled")));
    expect(audit!.summary).toBe(
      "Gold: saved; $49.00 USDT → $59.00 USDT a month for new buyers at once, for renewals from " +
        "Dec 23, 2026 (2 renewing members told)",
    );

    // Another change while members wait for this one is refused, and changes nothing.
    await expect(save(gold.id, "69")).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "A change to $59.00 USDT a month is already scheduled for Dec 23, 2026; members were told " +
        "that price. Change it after that date.",
    });
    expect(await db().select().from(planPriceChanges).where(eq(planPriceChanges.planId, gold.id))).toHaveLength(1);
    expect(await priceOf(gold.id)).toBe(usdt(59));

    // The price a member who subscribed before the change renews at: old before the date, new from it.
    const before = monthly.sub.startDate;
    expect(
      await planPriceAt({ tx: db(), planId: gold.id, at: new Date(effectiveAt.getTime() - 1), subscribedAt: before }),
    ).toBe(usdt(49));
    expect(await planPriceAt({ tx: db(), planId: gold.id, at: effectiveAt, subscribedAt: before })).toBe(usdt(59));

    // The monthly renewal due in 10 days pays 49, even processed after the date.
    expect(
      await renewSubscription({
        db: db(),
        subscriptionId: monthly.sub.id,
        now: new Date(effectiveAt.getTime() + 2000),
      }),
    ).toBe("charged");
    expect(await charged(monthly.member.id)).toEqual([usdt(49)]);
    // The quarterly renewal due after the date pays the new quarterly price.
    expect(
      await renewSubscription({ db: db(), subscriptionId: quarterly.sub.id, now: new Date(NOW.getTime() + 41 * day) }),
    ).toBe("charged");
    expect(await charged(quarterly.member.id)).toEqual([usdt(150)]);
    await expectLedgerInvariant(db());
  });

  it("a member who subscribed after the rise paid the new price and renews at it, even before the date", async () => {
    const gold = await plan(db(), usdt(49));
    await subscribe(db(), gold.id);
    await save(gold.id, "59");
    const late = await subscribe(db(), gold.id, {
      start: new Date(NOW.getTime() + day),
      due: new Date(NOW.getTime() + 20 * day),
    });
    expect(
      await planPriceAt({
        tx: db(),
        planId: gold.id,
        at: new Date(NOW.getTime() + 20 * day),
        subscribedAt: late.sub.startDate,
      }),
    ).toBe(usdt(59));
    expect(
      await renewSubscription({
        db: db(),
        subscriptionId: late.sub.id,
        now: new Date(NOW.getTime() + 20 * day + 1000),
      }),
    ).toBe("charged");
    expect(await charged(late.member.id)).toEqual([usdt(59)]);
  });

  it("a renewal due after the date pays the new price", async () => {
    const gold = await plan(db(), usdt(49));
    const { member, sub } = await subscribe(db(), gold.id, { due: new Date(NOW.getTime() + 31 * day) });
    await save(gold.id, "59");
    expect(
      await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(NOW.getTime() + 31 * day + 1000) }),
    ).toBe("charged");
    expect(await charged(member.id)).toEqual([usdt(59)]);
  });

  it("knows no price for a plan that does not exist", async () => {
    expect(await planPriceAt({ tx: db(), planId: 999_999, at: NOW, subscribedAt: NOW })).toBeNull();
  });

  it("creates a plan unpublished, last in order, with a unique key, audited", async () => {
    const input = planSchema.parse({ name: "Gold VIP", monthlyPrice: "19.99", features: ["A"] });
    const first = await savePlan({ db: db(), planId: null, input, actor: editor, now: NOW });
    const second = await savePlan({ db: db(), planId: null, input, actor: editor, now: NOW });
    const rows = await db().select().from(pricing).where(eq(pricing.name, "Gold VIP"));
    expect(rows.map((r) => r.planId).sort()).toEqual(["gold-vip", "gold-vip-2"]);
    const [one] = rows.filter((r) => r.id === first.id);
    expect(one).toMatchObject({ published: false, price: usdt(19.99), features: ["A"] });
    const [last] = await db().select({ order: pricing.displayOrder }).from(pricing).where(eq(pricing.id, second.id));
    const all = await db().select({ order: pricing.displayOrder }).from(pricing);
    expect(last!.order).toBe(Math.max(...all.map((r) => r.order)));
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(first.id)), eq(auditLog.action, "plan.created")));
    expect(audit!.summary).toBe("Gold VIP: created at $19.99 USDT a month (unpublished)");
    await expect(savePlan({ db: db(), planId: 999_999, input, actor: editor })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Plan not found.",
    });
  });
  it("creates a plan with a price struck through (its original price), audited with both prices as text", async () => {
    const input = planSchema.parse({
      name: "Was More",
      monthlyPrice: "19.99",
      originalPrice: "29.99",
      features: ["A"],
    });
    const created = await savePlan({ db: db(), planId: null, input, actor: editor, now: NOW });
    const [row] = await db().select().from(pricing).where(eq(pricing.id, created.id));
    expect(row).toMatchObject({ price: usdt(19.99), originalPrice: usdt(29.99) });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(created.id)), eq(auditLog.action, "plan.created")));
    expect(audit!.after).toMatchObject({ price: String(usdt(19.99)), originalPrice: String(usdt(29.99)) });
  });

  describe("cancelling a scheduled rise", () => {
    const cancel = (planId: number, changeId: number, now = new Date(NOW.getTime() + 5 * day)) =>
      cancelScheduledPriceChange({ db: db(), planId, changeId, actor: editor, now });
    const pendingChange = async (planId: number) =>
      (
        await db()
          .select()
          .from(planPriceChanges)
          .where(eq(planPriceChanges.planId, planId))
          .orderBy(asc(planPriceChanges.id))
      ).at(-1)!;
    const cancelNoticesOf = async (userId: string) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, "price_change_cancelled")));

    it("keeps the change as history, puts the plan back to the old price, tells exactly the members who were told, audited", async () => {
      const gold = await plan(db(), usdt(49));
      const monthly = await subscribe(db(), gold.id, { due: new Date(NOW.getTime() + 31 * day) });
      const quarterly = await subscribe(db(), gold.id, {
        period: "quarterly",
        due: new Date(NOW.getTime() + 40 * day),
      });
      const lifetime = await subscribe(db(), gold.id, { period: "lifetime" });
      await save(gold.id, "59");
      // Bought at the new price after the rise: never told of it, so not told of its end either.
      const late = await subscribe(db(), gold.id, {
        start: new Date(NOW.getTime() + day),
        due: new Date(NOW.getTime() + 25 * day),
      });
      const change = await pendingChange(gold.id);

      const cancelledAt = new Date(NOW.getTime() + 5 * day);
      expect(await cancel(gold.id, change.id)).toEqual({
        planId: gold.id,
        price: usdt(49),
        cancelledPrice: usdt(59),
        notified: 2,
      });
      expect(await pendingChange(gold.id)).toMatchObject({
        id: change.id,
        newPrice: usdt(59),
        cancelledAt,
        cancelledBy: editor.label,
      });
      expect(await priceOf(gold.id)).toBe(usdt(49));

      expect((await cancelNoticesOf(monthly.member.id)).map((n) => n.payload)).toEqual([
        { plan: "Gold", period: "monthly", amount: "$49.00 USDT", cancelledOn: "2026-11-28" },
      ]);
      expect((await cancelNoticesOf(quarterly.member.id)).map((n) => n.payload)).toEqual([
        { plan: "Gold", period: "quarterly", amount: "$124.00 USDT", cancelledOn: "2026-11-28" },
      ]);
      expect(await cancelNoticesOf(lifetime.member.id)).toEqual([]);
      expect(await cancelNoticesOf(late.member.id)).toEqual([]);

      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, String(gold.id)), eq(auditLog.action, "plan.price_change_cancelled")));
      expect(audit).toMatchObject({
        actorLabel: editor.label,
        summary:
          "Gold: the rise to $59.00 USDT a month from Dec 23, 2026 cancelled; back to $49.00 USDT a month (2 told)",
        before: { price: "59000000", scheduledPrice: "59000000", scheduledFrom: "2026-12-23" },
        after: { price: "49000000", scheduledPrice: null, scheduledFrom: null },
      });

      // Renewals after the cancelled date charge the current (old) price, the late buyer's too.
      expect(
        await renewSubscription({
          db: db(),
          subscriptionId: monthly.sub.id,
          now: new Date(NOW.getTime() + 31 * day + 1000),
        }),
      ).toBe("charged");
      expect(await charged(monthly.member.id)).toEqual([usdt(49)]);
      expect(
        await renewSubscription({
          db: db(),
          subscriptionId: quarterly.sub.id,
          now: new Date(NOW.getTime() + 40 * day + 1000),
        }),
      ).toBe("charged");
      expect(await charged(quarterly.member.id)).toEqual([usdt(124)]);
      expect(
        await renewSubscription({
          db: db(),
          subscriptionId: late.sub.id,
          now: new Date(NOW.getTime() + 25 * day + 1000),
        }),
      ).toBe("charged");
      expect(await charged(late.member.id)).toEqual([usdt(49)]);
      await expectLedgerInvariant(db());

      // Once is all: a second cancellation is refused and writes nothing more.
      await expect(cancel(gold.id, change.id)).rejects.toMatchObject({
        code: "CONFLICT",
        message: NO_SCHEDULED_CHANGE,
      });
      expect(await cancelNoticesOf(monthly.member.id)).toHaveLength(1);
    });

    it("a cancelled change no longer holds the old price: a lower price made afterwards reaches renewals at once, and a new rise may be scheduled", async () => {
      const gold = await plan(db(), usdt(49));
      const member = await subscribe(db(), gold.id, { due: new Date(NOW.getTime() + 10 * day) });
      await save(gold.id, "59");
      await cancel(gold.id, (await pendingChange(gold.id)).id, new Date(NOW.getTime() + day));
      // Not refused as "already scheduled": the cancelled notice binds nobody.
      expect((await save(gold.id, "39", new Date(NOW.getTime() + 2 * day))).price.mode).toBe("immediate");
      // Were the cancelled rise still counted, the renewal due in 10 days would pay its old price, 49.
      const due = new Date(NOW.getTime() + 10 * day);
      expect(await planPriceAt({ tx: db(), planId: gold.id, at: due, subscribedAt: member.sub.startDate })).toBe(
        usdt(39),
      );
      expect(
        await renewSubscription({ db: db(), subscriptionId: member.sub.id, now: new Date(due.getTime() + 1000) }),
      ).toBe("charged");
      expect(await charged(member.member.id)).toEqual([usdt(39)]);

      const rise = await save(gold.id, "45", new Date(NOW.getTime() + 3 * day));
      expect(rise.price.mode).toBe("scheduled");
    });

    it("refuses a change that reached its date, another plan's change, or an unknown plan, changing nothing", async () => {
      const gold = await plan(db(), usdt(49));
      const other = await plan(db(), usdt(10));
      await subscribe(db(), gold.id);
      await save(gold.id, "59");
      const change = await pendingChange(gold.id);
      await expect(cancel(gold.id, change.id, new Date(change.effectiveAt.getTime()))).rejects.toMatchObject({
        code: "CONFLICT",
        message: NO_SCHEDULED_CHANGE,
      });
      await expect(cancel(other.id, change.id)).rejects.toMatchObject({ code: "CONFLICT" });
      await expect(cancel(999_999, change.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect((await pendingChange(gold.id)).cancelledAt).toBeNull();
      expect(await priceOf(gold.id)).toBe(usdt(59));
    });

    it("the members' email and Telegram texts say the change is cancelled and what renewals cost", () => {
      const payload = { plan: "Gold", period: "monthly", amount: "$49.00 USDT", cancelledOn: "2026-11-28" };
      const email = renderNotification("price_change_cancelled", payload, {
        brand: "NovaSignals",
        firstName: "Ada",
        dashboardUrl: "https://example.com/dashboard",
        siteUrl: "https://example.com",
      });
      expect(email.subject).toBe("The price change for your subscription is cancelled — NovaSignals");
      expect(email.text).toContain(
        "The price change we told you about for Gold will not happen. Your renewals stay at $49.00 USDT (monthly).",
      );
      expect(
        renderTelegramNotification("price_change_cancelled", payload, {
          dashboardUrl: "https://example.com/dashboard",
          siteUrl: "https://example.com",
        }),
      ).toBe(
        "✅ The price change is cancelled\n\nThe price change we told you about for Gold will not " +
          "happen. Your renewals stay at $49.00 USDT (monthly).\n\nDashboard: " +
          "https://example.com/dashboard",
      );
    });
  });
});
