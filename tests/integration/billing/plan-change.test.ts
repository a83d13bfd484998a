import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { getHeldPlans } from "#server/billing/held-plans";
import { postLedgerEntry } from "#server/billing/ledger";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
import { schedulePlanChange } from "#server/billing/schedule-plan-change";
import { startTrial } from "#server/billing/start-trial";
import { undoPlanChange } from "#server/billing/undo-plan-change";
import { listMemberSubscriptions } from "#server/dashboard/list-member-subscriptions";
import { setSubscriptionAutorenew } from "#server/dashboard/set-subscription-autorenew";
import type { Db } from "#server/db/client";
import { billingHistory, notifications, planTelegramChats, subscriptions } from "#server/db/schema";
import { isAppError } from "#server/lib/errors";
import { renderNotification } from "#server/notifications/templates";
import { createPlan, createTrialPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const BOUGHT = new Date("2026-01-01T12:00:00Z");
const DUE = new Date("2026-02-01T12:00:00Z");

describeEachDatabase("downgrades scheduled for the next renewal", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function setUp(d: Db, period: "monthly" | "quarterly" = "monthly") {
    const make = async (name: string, price: number, chats: number[]) => {
      const plan = await createPlan(d, name, usdt(price));
      await d.insert(planTelegramChats).values(chats.map((chatId) => ({ planId: plan.id, chatId })));
      return plan;
    };
    const vip = await make("VIP Signals", 78, [-2002]);
    const all = await make("All-in-One", 150, [-2001, -2002, -2003]);
    const member = await createMember(d, { balance: usdt(1000) });
    await purchaseSubscriptions({
      db: d,
      userId: member.id,
      planIds: [all.id],
      billingPeriod: period,
      totalAmount: period === "monthly" ? usdt(150) : usdt(382),
      idempotencyKey: crypto.randomUUID(),
      now: BOUGHT,
    });
    const [sub] = await d.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    return { vip, all, member, sub: sub! };
  }

  /** The subscription's member schedules a change of it to `planId`, monthly unless told. */
  const schedule = (
    sub: { id: string; userId: string },
    planId: number,
    options: { userId?: string; billingPeriod?: "monthly" | "quarterly"; now?: Date } = {},
  ) =>
    schedulePlanChange({
      db: db(),
      userId: sub.userId,
      subscriptionId: sub.id,
      planId,
      billingPeriod: "monthly",
      ...options,
    });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => {
        if (!isAppError(error)) throw error;
        return error.message;
      },
    );

  it("schedules a smaller plan: nothing changes until the renewal, which charges the smaller price", async () => {
    const { vip, member, sub } = await setUp(db());
    const answer = await schedule(sub, vip.id, { now: new Date("2026-01-10T00:00:00Z") });
    expect(answer.scheduledFor).toBe(DUE.toISOString());
    const [listed] = await listMemberSubscriptions({ db: db(), userId: member.id });
    expect(listed).toMatchObject({
      planName: "All-in-One",
      scheduled: { planName: "VIP Signals", billingPeriod: "monthly" },
    });

    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(DUE.getTime() + 60_000) })).toBe(
      "charged",
    );
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(renewed).toMatchObject({
      planId: vip.id,
      billingPeriod: "monthly",
      status: "active",
      scheduledPlanId: null,
    });
    const bills = await db().select().from(billingHistory).where(eq(billingHistory.userId, member.id));
    expect(bills.map((bill) => bill.totalAmount).sort()).toEqual([usdt(150), usdt(78)].sort());
  });

  it("undoes a scheduled change: the renewal renews the plan as it was", async () => {
    const { vip, member, sub } = await setUp(db());
    await schedule(sub, vip.id);
    await undoPlanChange({ db: db(), userId: member.id, subscriptionId: sub.id });
    expect((await listMemberSubscriptions({ db: db(), userId: member.id }))[0]!.scheduled).toBeNull();
    expect(await refusal(undoPlanChange({ db: db(), userId: member.id, subscriptionId: sub.id }))).toBe(
      "No change is scheduled for this subscription.",
    );
    await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(DUE.getTime() + 60_000) });
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(renewed!.planId).not.toBe(vip.id);
  });

  it("switches to a shorter period at renewal, and refuses a bigger plan, a longer period or someone else's", async () => {
    const { vip, all, sub } = await setUp(db(), "quarterly");
    const other = await createMember(db());
    expect(await refusal(schedule(sub, all.id, { billingPeriod: "quarterly" }))).toBe(
      "This plan cannot be changed to that one at renewal.",
    );
    expect(await refusal(schedule(sub, vip.id, { userId: other.id }))).toBe("Subscription not found.");
    await schedule(sub, all.id);
    const due = (await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!.nextBillingDate!;
    await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(due.getTime() + 60_000) });
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(renewed).toMatchObject({ planId: all.id, billingPeriod: "monthly" });
    // One month after the old due date, not three.
    expect(renewed!.nextBillingDate!.getTime() - due.getTime()).toBeLessThan(32 * 86_400_000);
  });

  it("an upgrade that ends a subscription drops the change scheduled on it", async () => {
    const { vip, all, member, sub } = await setUp(db());
    const day10 = new Date("2026-01-11T12:00:00Z");
    const buy = (userId: string, planId: number, total: bigint) =>
      purchaseSubscriptions({
        db: db(),
        userId,
        planIds: [planId],
        billingPeriod: "quarterly",
        totalAmount: total,
        idempotencyKey: crypto.randomUUID(),
        now: day10,
      });
    const cleared = { status: "cancelled", scheduledPlanId: null, scheduledBillingPeriod: null, scheduledAt: null };
    // The same plan for a longer period: quarterly 382 − 101.61 credit for 21 of 31 days.
    await schedule(sub, vip.id, { now: BOUGHT });
    await buy(member.id, all.id, usdt(280.39));
    const [samePlan] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(samePlan).toMatchObject(cleared);

    // A plan that includes the held one: quarterly 382 − 176 credit for VIP's 80 of 90 days.
    const other = await createMember(db(), { balance: usdt(1000) });
    await purchaseSubscriptions({
      db: db(),
      userId: other.id,
      planIds: [vip.id],
      billingPeriod: "quarterly",
      totalAmount: usdt(198),
      idempotencyKey: crypto.randomUUID(),
      now: BOUGHT,
    });
    const [held] = await db().select().from(subscriptions).where(eq(subscriptions.userId, other.id));
    await schedule(held!, vip.id, { now: BOUGHT });
    await buy(other.id, all.id, usdt(206));
    const [included] = await db().select().from(subscriptions).where(eq(subscriptions.id, held!.id));
    expect(included).toMatchObject(cleared);
  });

  it("a subscription that lapses with autorenew off drops the change scheduled on it", async () => {
    const { vip, sub } = await setUp(db());
    await schedule(sub, vip.id, { now: new Date("2026-01-10T00:00:00Z") });
    await db().update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, sub.id));
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(DUE.getTime() + 60_000) })).toBe(
      "expired",
    );
    const [lapsed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(lapsed).toMatchObject({
      planId: sub.planId,
      status: "expired",
      scheduledPlanId: null,
      scheduledBillingPeriod: null,
      scheduledAt: null,
    });
  });

  it("a renewal the balance does not cover ends the plan the member had: the failed row and message name the change that was due", async () => {
    const { vip, all, member, sub } = await setUp(db());
    await schedule(sub, vip.id, { now: new Date("2026-01-10T00:00:00Z") });
    // 1000 − 150 paid leaves 850; 780 spent elsewhere leaves 70, short of VIP Signals' 78.
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "adjustment",
      amount: -usdt(780),
      reference: `test:${crypto.randomUUID()}`,
    });
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(DUE.getTime() + 60_000) })).toBe(
      "failed",
    );
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(ended).toMatchObject({ planId: all.id, billingPeriod: "monthly", status: "expired", scheduledPlanId: null });
    const [failed] = await db()
      .select()
      .from(billingHistory)
      .where(and(eq(billingHistory.userId, member.id), eq(billingHistory.status, "failed")));
    expect(failed).toMatchObject({
      totalAmount: usdt(78),
      planNames: ["VIP Signals"],
      description: "Renewal: All-in-One, changing to VIP Signals (monthly), due Feb 1, 2026 — insufficient balance",
      ledgerReference: null,
    });
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.kind, "renewal_failed")));
    expect(note!.payload).toEqual({
      plan: "All-in-One",
      changingTo: "VIP Signals",
      amount: "$78.00 USDT",
      balance: "$70.00",
      shortfall: "$8.00",
    });
    const email = renderNotification("renewal_failed", note!.payload, {
      brand: "NovaSignals",
      firstName: "Ada",
      dashboardUrl: "https://x.example/dashboard",
      siteUrl: "https://x.example",
    });
    expect(email.text).toContain(
      "Your balance did not cover the renewal of All-in-One as VIP Signals, the change you scheduled ($78.00 USDT), so it has ended.",
    );
  });

  it("turning autorenew off drops the change scheduled on it; turning it on again does not bring it back", async () => {
    const { vip, member, sub } = await setUp(db());
    await schedule(sub, vip.id, { now: new Date("2026-01-10T00:00:00Z") });
    await setSubscriptionAutorenew({ db: db(), userId: member.id, subscriptionId: sub.id, autorenew: false });
    const [off] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(off).toMatchObject({
      autorenew: false,
      scheduledPlanId: null,
      scheduledBillingPeriod: null,
      scheduledAt: null,
    });
    await setSubscriptionAutorenew({ db: db(), userId: member.id, subscriptionId: sub.id, autorenew: true });
    expect(await renewSubscription({ db: db(), subscriptionId: sub.id, now: new Date(DUE.getTime() + 60_000) })).toBe(
      "charged",
    );
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(renewed).toMatchObject({ planId: sub.planId, status: "active" });
  });

  it("refuses a change on a free trial, which converts to its own plan, and offers none", async () => {
    const all = await createTrialPlan(db(), { name: "All-in-One", price: usdt(150), days: 7 });
    const vip = await createPlan(db(), "VIP Signals", usdt(78));
    await db()
      .insert(planTelegramChats)
      .values([-2001, -2002].map((chatId) => ({ planId: all.id, chatId })).concat({ planId: vip.id, chatId: -2002 }));
    const member = await createVerifiedMember(db(), { balance: usdt(1000) });
    const trial = await startTrial({ db: db(), userId: member.id, planId: all.id, now: BOUGHT });
    // What the dashboard's "Change plan" is built from: the trial is held, and marked as one.
    const { held } = await getHeldPlans({ db: db(), userId: member.id, planIds: [vip.id] });
    expect(held.map((plan) => plan.trial)).toEqual([true]);
    const answer = await refusal(schedule({ id: trial.subscriptionId, userId: member.id }, vip.id));
    expect(answer).toBe(
      "A free trial cannot be changed to another plan: at its end it continues as All-in-One, monthly. " +
        "To have another plan instead, turn autorenew off and subscribe to it once the trial has ended.",
    );
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, trial.subscriptionId));
    expect(row).toMatchObject({ scheduledPlanId: null, scheduledBillingPeriod: null });
  });
});
