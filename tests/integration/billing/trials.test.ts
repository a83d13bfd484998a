import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { planSchema } from "~/lib/validation/admin/plans";
import { getTrialOffer } from "#server/billing/get-trial-offer";
import { startTrial } from "#server/billing/start-trial";
import { TRIAL_MESSAGES } from "#server/billing/trial-rules";
import {
  auditLog,
  billingHistory,
  ledgerEntries,
  notifications,
  pricing,
  profiles,
  subscriptions,
  user,
} from "#server/db/schema";
import { savePlan } from "#server/staff/plans/save-plan";
import { verifyTelegramCode } from "#server/telegram/verify-telegram-code";
import { createPlan, createTrialPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, createVerifiedMember } from "../../helpers/members";

// A free trial: the plan active without paying for its days, once per plan per person (account,
// verified email, Telegram account, anyone who had the plan), for verified emails only.

const DAY = 86_400_000;
const NOW = new Date("2026-11-20T09:00:00.000Z");
const owner = { userId: null, label: "owner@example.com", role: "owner" };

describeEachDatabase("free trials: starting one", (database) => {
  const db = () => database().db;

  const trialPlan = (days = 7, name = "VIP") => createTrialPlan(db(), { days, name });
  const verifiedMember = (options: { email?: string; telegram?: bigint } = {}) => createVerifiedMember(db(), options);
  const subsOf = (userId: string) => db().select().from(subscriptions).where(eq(subscriptions.userId, userId));

  it("starts the plan for its days without paying: active, marked as a trial, a 0 bill, the welcome, no ledger row", async () => {
    const plan = await trialPlan(7);
    const member = await verifiedMember();
    const started = await startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW });
    expect(started.endsAt.toISOString()).toBe(new Date(NOW.getTime() + 7 * DAY).toISOString());
    expect(await subsOf(member.id)).toEqual([
      expect.objectContaining({
        planId: plan.id,
        status: "active",
        billingPeriod: "monthly",
        autorenew: true,
        complimentary: false,
        nextBillingDate: started.endsAt,
        trialEndsAt: started.endsAt,
        trialConvertedAt: null,
      }),
    ]);
    const bills = await db().select().from(billingHistory).where(eq(billingHistory.userId, member.id));
    expect(bills).toEqual([
      expect.objectContaining({ totalAmount: 0n, paymentType: "Free trial", description: "VIP (free trial, 7 days)" }),
    ]);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, member.id));
    expect(notes.map((n) => [n.kind, n.payload])).toEqual([
      ["trial_started", { plan: "VIP", days: "7 days", endsOn: "2026-11-27", price: "$49.00 USDT a month" }],
    ]);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.id))).toEqual([]);
  });

  it("needs a verified email, and says so", async () => {
    const plan = await trialPlan();
    const member = await createMember(db());
    await expect(startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW })).rejects.toThrow(
      TRIAL_MESSAGES.verifyEmail,
    );
    expect(await subsOf(member.id)).toEqual([]);
    const offer = await getTrialOffer({ db: db(), userId: member.id, planId: plan.id, now: NOW });
    expect(offer).toMatchObject({ refusal: TRIAL_MESSAGES.verifyEmail, needsEmail: true });
  });

  it("refuses a plan without a trial", async () => {
    const plan = await trialPlan(0);
    const member = await verifiedMember();
    await expect(startTrial({ db: db(), userId: member.id, planId: plan.id })).rejects.toThrow(TRIAL_MESSAGES.noTrial);
    // Its page (an old link, a tab left open) says so rather than "not found".
    expect(await getTrialOffer({ db: db(), userId: member.id, planId: plan.id })).toMatchObject({
      days: 0,
      refusal: TRIAL_MESSAGES.noTrial,
      needsEmail: false,
    });
    // A plan off sale has no page at all.
    await db().update(pricing).set({ published: false }).where(eq(pricing.id, plan.id));
    expect(await getTrialOffer({ db: db(), userId: member.id, planId: plan.id })).toBeNull();
  });

  it("offers a visitor the trial as it stands, and says when a plan has none", async () => {
    const plan = await trialPlan(5, "Visitor VIP");
    expect(await getTrialOffer({ db: db(), userId: null, planId: plan.id, now: NOW })).toEqual({
      planId: plan.id,
      plan: "Visitor VIP",
      days: 5,
      endsAt: new Date(NOW.getTime() + 5 * DAY).toISOString(),
      price: "$49.00 USDT a month",
      refusal: null,
      needsEmail: false,
    });
    const none = await trialPlan(0, "No trial");
    expect(await getTrialOffer({ db: db(), userId: null, planId: none.id })).toMatchObject({
      days: 0,
      refusal: TRIAL_MESSAGES.noTrial,
    });
  });

  it("once per account: a second start is refused while it runs and after it ended", async () => {
    const plan = await trialPlan();
    const member = await verifiedMember();
    await startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW });
    await expect(startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW })).rejects.toThrow(
      TRIAL_MESSAGES.active("VIP"),
    );
    await db().update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.userId, member.id));
    await expect(startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW })).rejects.toThrow(
      TRIAL_MESSAGES.hadPlan("VIP"),
    );
    expect(await subsOf(member.id)).toHaveLength(1);
    // Another plan's trial is its own.
    const other = await trialPlan(3, "Gold");
    await startTrial({ db: db(), userId: member.id, planId: other.id, now: NOW });
  });

  it("once per verified email: a new account with the same address is refused", async () => {
    const plan = await trialPlan();
    const first = await verifiedMember({ email: "Trial.Person@example.com" });
    await startTrial({ db: db(), userId: first.id, planId: plan.id, now: NOW });
    // The first account is deleted (its subscriptions with it); the claim stays.
    await db().delete(user).where(eq(user.id, first.id));
    const second = await verifiedMember({ email: "trial.person@example.com" });
    expect(await getTrialOffer({ db: db(), userId: second.id, planId: plan.id, now: NOW })).toMatchObject({
      refusal: TRIAL_MESSAGES.used("VIP"),
    });
    await expect(startTrial({ db: db(), userId: second.id, planId: plan.id, now: NOW })).rejects.toThrow(
      TRIAL_MESSAGES.used("VIP"),
    );
    expect(await subsOf(second.id)).toEqual([]);
  });

  it("once per Telegram account: another account that verified the same Telegram is refused", async () => {
    const plan = await trialPlan();
    const first = await verifiedMember({ telegram: 777_000_111n });
    await startTrial({ db: db(), userId: first.id, planId: plan.id, now: NOW });
    await db().update(profiles).set({ telegramUserId: null, telegramVerified: false }).where(eq(profiles.id, first.id));
    const second = await verifiedMember({ telegram: 777_000_111n });
    await expect(startTrial({ db: db(), userId: second.id, planId: plan.id, now: NOW })).rejects.toThrow(
      TRIAL_MESSAGES.used("VIP"),
    );
    // Without that Telegram account the same person's second account is a different one.
    const third = await verifiedMember({ telegram: 777_000_222n });
    await startTrial({ db: db(), userId: third.id, planId: plan.id, now: NOW });
  });

  it("a Telegram account verified after the trial started is claimed for it too", async () => {
    const plan = await trialPlan();
    const first = await verifiedMember();
    await startTrial({ db: db(), userId: first.id, planId: plan.id, now: NOW });
    await db()
      .update(profiles)
      .set({
        telegramUsername: "late_linker",
        verificationCode: "123456",
        verificationCodeExpiresAt: new Date(Date.now() + 60_000),
      })
      .where(eq(profiles.id, first.id));
    const verified = await verifyTelegramCode({
      db: db(),
      telegramUserId: 777_000_333,
      username: "late_linker",
      code: "123456",
    });
    expect(verified.ok).toBe(true);
    await db().update(profiles).set({ telegramUserId: null, telegramVerified: false }).where(eq(profiles.id, first.id));
    const second = await verifiedMember({ telegram: 777_000_333n });
    await expect(startTrial({ db: db(), userId: second.id, planId: plan.id, now: NOW })).rejects.toThrow(
      TRIAL_MESSAGES.used("VIP"),
    );
  });

  it("not for anyone who has had the plan, paid or given", async () => {
    const plan = await trialPlan();
    const member = await verifiedMember();
    await db()
      .insert(subscriptions)
      .values({
        userId: member.id,
        planId: plan.id,
        status: "expired",
        billingPeriod: "monthly",
        startDate: new Date(NOW.getTime() - 60 * DAY),
        nextBillingDate: new Date(NOW.getTime() - 30 * DAY),
      });
    await expect(startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW })).rejects.toThrow(
      TRIAL_MESSAGES.hadPlan("VIP"),
    );
  });

  it("two starts at once: one trial", async () => {
    const plan = await trialPlan();
    const member = await verifiedMember();
    const results = await Promise.allSettled([
      startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW }),
      startTrial({ db: db(), userId: member.id, planId: plan.id, now: NOW }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await subsOf(member.id)).toHaveLength(1);
    const started = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.kind, "trial_started")));
    expect(started).toHaveLength(1);
  });

  it("an owner sets a plan's trial days in the plan editor, audited like any plan change", async () => {
    const plan = await createPlan(db(), "Gold", 20_000_000n);
    const save = (trialDays: string) =>
      savePlan({
        db: db(),
        planId: plan.id,
        input: planSchema.parse({ name: "Gold", monthlyPrice: "20", trialDays }),
        actor: owner,
        now: NOW,
      });
    await save("14");
    const [row] = await db().select({ trialDays: pricing.trialDays }).from(pricing).where(eq(pricing.id, plan.id));
    expect(row!.trialDays).toBe(14);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(plan.id)));
    expect(audit).toEqual([
      expect.objectContaining({ action: "plan.updated", summary: "Gold: saved; free trial none → 14 days" }),
    ]);
    expect(audit[0]!.after).toMatchObject({ trialDays: 14 });
    expect(audit[0]!.before).toMatchObject({ trialDays: 0 });
    expect(() => planSchema.parse({ name: "Gold", monthlyPrice: "20", trialDays: "91" })).toThrow(
      "Free trial must be a whole number of days from 0 to 90",
    );
  });
});
