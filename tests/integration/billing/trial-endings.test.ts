import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { sendRenewalReminders } from "#server/billing/send-renewal-reminders";
import { sendTrialReminders } from "#server/billing/send-trial-reminders";
import { startTrial } from "#server/billing/start-trial";
import { billingHistory, ledgerEntries, notifications, profiles, subscriptions, user } from "#server/db/schema";
import { renderNotification } from "#server/notifications/templates";
import { renderTelegramNotification } from "#server/telegram/messages";
import { createTrialPlan, creditTransfer } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";

// A free trial's end: reminders 3 days and 1 day before (each once), then a conversion charged
// once from the balance as a normal renewal, or an ending like any expiry.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = new Date("2026-11-10T12:00:00.000Z");
const END = new Date(START.getTime() + 7 * DAY);
const PRICE = 49_000_000n;

describeEachDatabase("free trials: reminders and the end", (database) => {
  const db = () => database().db;

  async function onTrial(options: { balance?: bigint; autorenew?: boolean } = {}) {
    const plan = await createTrialPlan(db(), { days: 7, price: PRICE });
    const member = await createVerifiedMember(db(), { balance: options.balance });
    const trial = await startTrial({ db: db(), userId: member.id, planId: plan.id, now: START });
    if (options.autorenew === false)
      await db().update(subscriptions).set({ autorenew: false }).where(eq(subscriptions.id, trial.subscriptionId));
    return { member, plan, trial };
  }
  const notesOf = async (userId: string, kind: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const subOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const ledgerOf = (userId: string) => db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const billsOf = (userId: string) => db().select().from(billingHistory).where(eq(billingHistory.userId, userId));

  it("reminds 3 days and 1 day before the end, each once, with the price and how to pay", async () => {
    const { member } = await onTrial({ balance: 10_000_000n });
    const threeDaysBefore = new Date(END.getTime() - 72 * HOUR + 60_000);
    expect(await sendTrialReminders({ db: db(), now: new Date(END.getTime() - 80 * HOUR) })).toBe(0);
    await sendTrialReminders({ db: db(), now: threeDaysBefore });
    // A rerun, a restart, two instances at once: nothing more.
    await Promise.all([
      sendTrialReminders({ db: db(), now: threeDaysBefore }),
      sendTrialReminders({ db: db(), now: new Date(threeDaysBefore.getTime() + HOUR) }),
    ]);
    let notes = await notesOf(member.id, "trial_reminder");
    expect(notes.map((n) => n.payload)).toEqual([
      {
        plan: "VIP",
        endsOn: "2026-11-17",
        price: "$49.00 USDT a month",
        balance: "$10.00",
        covered: "no",
        autorenew: "on",
        shortfall: "$39.00",
        window: "72h",
      },
    ]);
    const oneDayBefore = new Date(END.getTime() - 23 * HOUR);
    await sendTrialReminders({ db: db(), now: oneDayBefore });
    await sendTrialReminders({ db: db(), now: oneDayBefore });
    notes = await notesOf(member.id, "trial_reminder");
    expect(notes.map((n) => n.payload.window)).toEqual(["72h", "24h"]);
    // The renewal reminders leave a trial to these.
    await sendRenewalReminders({ db: db(), now: oneDayBefore });
    expect(await notesOf(member.id, "renewal_reminder")).toEqual([]);

    const context = {
      brand: "NovaSignals",
      firstName: "Ada",
      dashboardUrl: "https://x.example/dashboard",
      siteUrl: "https://x.example",
    };
    const email = renderNotification("trial_reminder", notes[0]!.payload, context);
    expect(email.subject).toBe("Your free trial of VIP ends on Nov 17, 2026 — NovaSignals");
    expect(email.text).toContain("It continues at $49.00 USDT a month; your balance is $10.00 USDT.");
    expect(email.text).toContain("deposit USDT (TRC-20) to your deposit address on the dashboard");
    const bot = renderTelegramNotification("trial_reminder", notes[0]!.payload, context);
    expect(bot).toContain("🎁 Your free trial of VIP ends on Nov 17, 2026");
    expect(bot).toContain("You need at least $39.00 USDT more.");
  });

  it("converts at its end when the balance covers the price: charged once, a normal renewal row, ledger = balance", async () => {
    const { member, trial } = await onTrial({ balance: 60_000_000n });
    const results = await Promise.all([runRenewals({ db: db(), now: END }), runRenewals({ db: db(), now: END })]);
    expect(results.reduce((n, r) => n + r.charged, 0)).toBe(1);
    await runRenewals({ db: db(), now: new Date(END.getTime() + HOUR) });
    const sub = await subOf(trial.subscriptionId);
    expect(sub).toMatchObject({ status: "active", trialConvertedAt: END, trialEndsAt: END });
    expect(sub.nextBillingDate!.toISOString()).toBe("2026-12-17T12:00:00.000Z");
    const renewals = (await ledgerOf(member.id)).filter((row) => row.kind === "renewal");
    expect(renewals.map((row) => row.amount)).toEqual([-PRICE]);
    const bills = (await billsOf(member.id)).filter((bill) => bill.paymentType !== "Free trial");
    expect(bills).toEqual([
      expect.objectContaining({
        status: "paid",
        totalAmount: PRICE,
        description: "Renewal: VIP (monthly), due Nov 17, 2026",
        ledgerReference: renewals[0]!.reference,
      }),
    ]);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile!.balance).toBe(11_000_000n);
    await expectLedgerInvariant(db());
    expect((await notesOf(member.id, "trial_converted")).map((n) => n.payload.amount)).toEqual(["$49.00 USDT"]);
    expect(await notesOf(member.id, "renewal_charged")).toEqual([]);
  });

  it("a deposit during the trial converts it at its end", async () => {
    const { member, trial } = await onTrial();
    await creditTransfer(db(), member.id, 50_000_000n);
    expect((await runRenewals({ db: db(), now: END })).charged).toBe(1);
    expect((await subOf(trial.subscriptionId)).trialConvertedAt).toEqual(END);
    await expectLedgerInvariant(db());
  });

  it("ends like any expiry when the balance does not cover it: nothing charged, no failed bill, the member told", async () => {
    const { member, trial } = await onTrial({ balance: 10_000_000n });
    const result = await runRenewals({ db: db(), now: END });
    expect(result).toMatchObject({ charged: 0, expired: 1, failed: 0 });
    expect(await subOf(trial.subscriptionId)).toMatchObject({ status: "expired", trialConvertedAt: null });
    expect((await ledgerOf(member.id)).filter((row) => row.kind === "renewal")).toEqual([]);
    expect((await billsOf(member.id)).map((bill) => bill.paymentType)).toEqual(["Free trial"]);
    const ended = await notesOf(member.id, "trial_ended");
    expect(ended.map((n) => n.payload)).toEqual([
      { plan: "VIP", endedOn: "2026-11-17", price: "$49.00 USDT a month", reason: "balance" },
    ]);
    await expectLedgerInvariant(db());
  });

  it("ends without a charge when autorenew is off, whatever the balance", async () => {
    const { member, trial } = await onTrial({ balance: 100_000_000n, autorenew: false });
    expect((await runRenewals({ db: db(), now: END })).expired).toBe(1);
    expect((await subOf(trial.subscriptionId)).status).toBe("expired");
    expect((await ledgerOf(member.id)).filter((row) => row.kind === "renewal")).toEqual([]);
    expect((await notesOf(member.id, "trial_ended")).map((n) => n.payload.reason)).toEqual(["autorenew"]);
  });

  it("a banned member's trial neither converts nor gets an ending message", async () => {
    const { member, trial } = await onTrial({ balance: 100_000_000n });
    await db().update(user).set({ banned: true }).where(eq(user.id, member.id));
    expect(await runRenewals({ db: db(), now: END })).toMatchObject({ charged: 0, expired: 1 });
    expect(await subOf(trial.subscriptionId)).toMatchObject({ status: "expired", trialConvertedAt: null });
    expect((await ledgerOf(member.id)).filter((row) => row.kind === "renewal")).toEqual([]);
    expect(await notesOf(member.id, "trial_ended")).toEqual([]);
    expect(await notesOf(member.id, "subscription_expired")).toEqual([]);
  });
});
