import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
import { sendTrialReminders } from "#server/billing/send-trial-reminders";
import { startTrial } from "#server/billing/start-trial";
import type { Db } from "#server/db/client";
import {
  billingHistory,
  ledgerEntries,
  notifications,
  planTelegramChats,
  profiles,
  subscriptions,
} from "#server/db/schema";
import { renderNotification } from "#server/notifications/templates";
import { createPlan, createTrialPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const DAY = 86_400_000;
// VIP Signals paid for January (31 days); the All-in-One trial runs a week from the 10th, so at its
// end 15 days of VIP are unused: 78 × 15 / 31 = 37.7419…, rounded down to the cent.
const BOUGHT = new Date("2026-01-01T12:00:00.000Z");
const TRIAL = new Date("2026-01-10T12:00:00.000Z");
const END = new Date(TRIAL.getTime() + 7 * DAY);
const CREDIT = usdt(37.74);
const NET = usdt(150) - CREDIT;
const CONTEXT = {
  brand: "NovaSignals",
  firstName: "Ada",
  dashboardUrl: "https://x.example/dashboard",
  siteUrl: "https://x.example",
};

// A free trial of a plan that includes one the member pays for converts as an upgrade would at that
// moment: the smaller plan's unused part comes off the charge and it ends; without a conversion it
// goes on untouched.
describeEachDatabase("a free trial converting over a plan it includes", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function setUp(d: Db, balance: bigint) {
    const chats = async (planId: number, ids: number[]) =>
      d.insert(planTelegramChats).values(ids.map((chatId) => ({ planId, chatId })));
    const vip = await createPlan(d, "VIP Signals", usdt(78));
    await chats(vip.id, [-5002]);
    const all = await createTrialPlan(d, { name: "All-in-One", price: usdt(150), days: 7 });
    await chats(all.id, [-5001, -5002, -5003]);
    const member = await createVerifiedMember(d, { balance: usdt(78) + balance });
    await purchaseSubscriptions({
      db: d,
      userId: member.id,
      planIds: [vip.id],
      billingPeriod: "monthly",
      totalAmount: usdt(78),
      idempotencyKey: crypto.randomUUID(),
      now: BOUGHT,
    });
    const trial = await startTrial({ db: d, userId: member.id, planId: all.id, now: TRIAL });
    const [vipSub] = await d
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.planId, vip.id)));
    return { vip, all, member, trial, vipSub: vipSub! };
  }
  const subOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const balanceOf = async (userId: string) =>
    (await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId)))[0]!.balance;
  const notesOf = (userId: string, kind: "trial_converted" | "trial_reminder" | "trial_ended") =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

  it("credits VIP Signals' unused days against the conversion and ends it, to the cent of an upgrade bought then", async () => {
    const { member, trial, vipSub, vip, all } = await setUp(db(), usdt(200));
    expect(await renewSubscription({ db: db(), subscriptionId: trial.subscriptionId, now: END })).toBe("charged");

    expect(await subOf(trial.subscriptionId)).toMatchObject({ status: "active", trialConvertedAt: END });
    expect(await subOf(vipSub.id)).toMatchObject({ status: "cancelled", autorenew: false });
    const renewals = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.id))).filter(
      (row) => row.kind === "renewal",
    );
    expect(renewals.map((row) => row.amount)).toEqual([-NET]);
    expect(await balanceOf(member.id)).toBe(usdt(200) - NET);
    const [bill] = await db()
      .select()
      .from(billingHistory)
      .where(and(eq(billingHistory.userId, member.id), eq(billingHistory.ledgerReference, renewals[0]!.reference)));
    expect(bill).toMatchObject({
      status: "paid",
      listAmount: usdt(150),
      creditAmount: CREDIT,
      totalAmount: NET,
      lines: [
        expect.objectContaining({ credit: CREDIT.toString(), creditNote: "Credit for unused 15 days of VIP Signals" }),
      ],
    });
    const [note] = await notesOf(member.id, "trial_converted");
    expect(note!.payload).toMatchObject({
      amount: "$112.26 USDT",
      replaced: "VIP Signals",
      breakdown: "List price $150.00 USDT, less $37.74 USDT credit for unused time.",
    });
    const email = renderNotification("trial_converted", note!.payload, CONTEXT);
    expect(email.text).toContain("VIP Signals ended at the conversion: All-in-One includes it.");
    // Nothing renews VIP Signals any more.
    expect(await renewSubscription({ db: db(), subscriptionId: vipSub.id, now: vipSub.nextBillingDate! })).toBe(
      "skipped",
    );

    // The same upgrade bought by another member at that minute charges the same.
    const other = await createVerifiedMember(db(), { balance: usdt(300) });
    await purchaseSubscriptions({
      db: db(),
      userId: other.id,
      planIds: [vip.id],
      billingPeriod: "monthly",
      totalAmount: usdt(78),
      idempotencyKey: crypto.randomUUID(),
      now: BOUGHT,
    });
    await purchaseSubscriptions({
      db: db(),
      userId: other.id,
      planIds: [all.id],
      billingPeriod: "monthly",
      totalAmount: NET,
      idempotencyKey: crypto.randomUUID(),
      now: END,
    });
  });

  it("tells the member before the end what the first charge is, net of the credit", async () => {
    const { member } = await setUp(db(), usdt(120));
    await sendTrialReminders({ db: db(), now: new Date(END.getTime() - 23 * 3_600_000) });
    const [note] = await notesOf(member.id, "trial_reminder");
    expect(note!.payload).toMatchObject({
      price: "$150.00 USDT a month",
      replaces: "VIP Signals",
      credit: "$37.74 USDT",
      firstCharge: "$112.26 USDT",
      balance: "$120.00",
      covered: "yes",
    });
    expect(note!.payload.shortfall).toBeUndefined();
    const email = renderNotification("trial_reminder", note!.payload, CONTEXT);
    expect(email.text).toContain(
      "VIP Signals ends when it continues, as with an upgrade: its unused days ($37.74 USDT) come off, so the first month costs $112.26 USDT.",
    );
  });

  it("a balance short of the net charge: the trial ends and VIP Signals goes on untouched", async () => {
    const { member, trial, vipSub } = await setUp(db(), NET - 10_000n);
    expect(await renewSubscription({ db: db(), subscriptionId: trial.subscriptionId, now: END })).toBe("expired");
    expect(await subOf(trial.subscriptionId)).toMatchObject({ status: "expired", trialConvertedAt: null });
    expect(await subOf(vipSub.id)).toMatchObject({
      status: "active",
      autorenew: true,
      nextBillingDate: vipSub.nextBillingDate,
    });
    expect(await balanceOf(member.id)).toBe(NET - 10_000n);
    expect((await notesOf(member.id, "trial_ended")).map((n) => n.payload.reason)).toEqual(["balance"]);
  });

  it("autorenew off: the trial ends and VIP Signals goes on untouched", async () => {
    const { trial, vipSub } = await setUp(db(), usdt(500));
    await db().update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, trial.subscriptionId));
    expect(await renewSubscription({ db: db(), subscriptionId: trial.subscriptionId, now: END })).toBe("expired");
    expect(await subOf(vipSub.id)).toMatchObject({ status: "active", autorenew: true });
  });
});
