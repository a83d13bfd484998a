import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { renewSubscription } from "#server/billing/renew-subscription";
import { paymentFlags, profiles, subscriptions } from "#server/db/schema";
import { attributeReferral } from "#server/referrals/attribute-referral";
import { getReferralCode } from "#server/referrals/get-referral-code";
import { recordReferralVisit } from "#server/referrals/record-referral-visit";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import {
  balanceOf,
  buy,
  cardPaid,
  referralLedger,
  referralOf,
  referredMember,
  refund,
  setRule,
  usdt,
  visitCount,
} from "./referral-support";

setTestEnv({ LOG_LEVEL: "silent" });

const DAY = 24 * 60 * 60 * 1000;

/*
 * Referrals below the browser: a visit through a member's link, the sign-up it is attributed to,
 * the reward the referred member's first paid payment earns, and what a refund takes back.
 */
describeEachDatabase("referrals", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  it("gives each member one code, and records a visit only for a known code", async () => {
    const referrer = await createMember(db());
    const code = await getReferralCode({ db: db(), userId: referrer.id });
    expect(code).toMatch(/^[a-z2-9]{8}$/);
    expect(await getReferralCode({ db: db(), userId: referrer.id })).toBe(code);
    const before = await visitCount(db());
    expect(await recordReferralVisit({ db: db(), code: "nosuchcd" })).toBeNull();
    expect(await visitCount(db())).toBe(before);
    const visit = await recordReferralVisit({ db: db(), code: code.toUpperCase() });
    expect(visit).toMatchObject({ fresh: true });
    expect(visit!.visitId).toMatch(/^[\w-]{24}$/);
  });

  it("keeps the first touch: a second link followed with the first one's cookie changes nothing", async () => {
    const first = await createMember(db());
    const second = await createMember(db());
    const visit = await recordReferralVisit({ db: db(), code: await getReferralCode({ db: db(), userId: first.id }) });
    const again = await recordReferralVisit({
      db: db(),
      code: await getReferralCode({ db: db(), userId: second.id }),
      visitId: visit!.visitId,
    });
    expect(again).toEqual({ visitId: visit!.visitId, fresh: false });
    const member = await createMember(db());
    await attributeReferral({ db: db(), userId: member.id, visitId: again!.visitId });
    expect(await referralOf(db(), member.id)).toMatchObject({ referrerId: first.id, refusal: null });
  });

  it("attributes a sign-up within 30 days of the visit, and not one after", async () => {
    const referrer = await createMember(db());
    const now = Date.now();
    const inside = await referredMember(db(), referrer.id, { at: new Date(now - 29 * DAY) });
    expect(inside.attributed).toEqual({ referrerId: referrer.id, refusal: null });
    const outside = await referredMember(db(), referrer.id, { at: new Date(now - 31 * DAY) });
    expect(outside.attributed).toBeNull();
    expect(await referralOf(db(), outside.id)).toBeUndefined();
    // A visit older than the window: following a link again records a new one.
    const code = await getReferralCode({ db: db(), userId: referrer.id });
    expect(await recordReferralVisit({ db: db(), code, visitId: outside.visitId })).toMatchObject({ fresh: true });
    // An id the server never gave is nobody's visit.
    expect(await attributeReferral({ db: db(), userId: outside.id, visitId: "forged" })).toBeNull();
  });

  it("refuses the same person: own account, same Telegram account, same mailbox", async () => {
    const referrer = await createMember(db(), { email: "jane.doe@gmail.com", telegramUsername: "@JaneDoe" });
    const code = await getReferralCode({ db: db(), userId: referrer.id });
    const own = await recordReferralVisit({ db: db(), code });
    expect(await attributeReferral({ db: db(), userId: referrer.id, visitId: own!.visitId })).toEqual({
      referrerId: referrer.id,
      refusal: "self",
    });
    const telegram = await referredMember(db(), referrer.id, { telegramUsername: "janedoe" });
    expect(telegram.attributed).toMatchObject({ refusal: "telegram" });
    const email = await referredMember(db(), referrer.id, { email: "Jane.Doe+second@googlemail.com" });
    expect(email.attributed).toMatchObject({ refusal: "email" });
    const other = await referredMember(db(), referrer.id, { email: "john@gmail.com", telegramUsername: "john" });
    expect(other.attributed).toMatchObject({ refusal: null });

    await setRule(db(), { kind: "fixed", amount: usdt(5) });
    const plan = await createPlan(db(), "Gold", usdt(20));
    for (const refused of [telegram, email]) {
      await createFunds(refused.id);
      await buy(db(), refused.id, plan.id, usdt(20));
    }
    expect(await referralLedger(db(), referrer.id)).toEqual([]);
  });

  it("refuses at payment time a Telegram account linked after sign-up", async () => {
    const referrer = await createMember(db());
    await db().update(profiles).set({ telegramUserId: 777001n }).where(eq(profiles.id, referrer.id));
    const referred = await referredMember(db(), referrer.id, { balance: usdt(50) });
    expect(referred.attributed).toMatchObject({ refusal: null });
    // The referred member links the referrer's Telegram account (the id moves: it is unique).
    await db().update(profiles).set({ telegramUserId: null }).where(eq(profiles.id, referrer.id));
    await db().update(profiles).set({ telegramUserId: 777001n }).where(eq(profiles.id, referred.id));
    await db().update(profiles).set({ telegramUsername: null }).where(eq(profiles.id, referrer.id));
    await setRule(db(), { kind: "percent", percent: 10 });
    // Same id on both sides is impossible (unique); the username is the other half of the check.
    await db().update(profiles).set({ telegramUsername: "shared" }).where(eq(profiles.id, referrer.id));
    await db().update(profiles).set({ telegramUsername: "@Shared" }).where(eq(profiles.id, referred.id));
    const plan = await createPlan(db(), "Gold", usdt(20));
    await buy(db(), referred.id, plan.id, usdt(20));
    expect(await referralOf(db(), referred.id)).toMatchObject({ refusal: "telegram", reward: null });
    expect(await referralLedger(db(), referrer.id)).toEqual([]);
  });

  it("pays the reward once, on the first paid purchase, whatever is replayed or bought later", async () => {
    await setRule(db(), { kind: "percent", percent: 10 });
    const referrer = await createMember(db());
    const referred = await referredMember(db(), referrer.id, { balance: usdt(100) });
    const gold = await createPlan(db(), "Gold", usdt(49));
    const silver = await createPlan(db(), "Silver", usdt(20));
    await buy(db(), referred.id, gold.id, usdt(49), "first-checkout");
    // The same checkout delivered again, then another plan: nothing more for the referrer.
    await buy(db(), referred.id, gold.id, usdt(49), "first-checkout");
    await buy(db(), referred.id, silver.id, usdt(20));
    expect(await referralLedger(db(), referrer.id)).toEqual([
      { amount: usdt(4.9), reference: `referral:reward:${referred.id}` },
    ]);
    expect(await balanceOf(db(), referrer.id)).toBe(usdt(4.9));
    expect(await referralOf(db(), referred.id)).toMatchObject({
      paymentAmount: usdt(49),
      reward: usdt(4.9),
      rule: "10% of the first payment",
    });
  });

  it("pays nothing for a first payment made while rewards are off, nor later", async () => {
    await setRule(db(), { kind: "off" });
    const referrer = await createMember(db());
    const referred = await referredMember(db(), referrer.id, { balance: usdt(100) });
    const gold = await createPlan(db(), "Gold", usdt(49));
    await buy(db(), referred.id, gold.id, usdt(49));
    await setRule(db(), { kind: "fixed", amount: usdt(5) });
    const silver = await createPlan(db(), "Silver", usdt(20));
    await buy(db(), referred.id, silver.id, usdt(20));
    expect(await referralOf(db(), referred.id)).toMatchObject({ paymentAmount: usdt(49), reward: null, rule: "Off" });
    expect(await referralLedger(db(), referrer.id)).toEqual([]);
  });

  it("rewards a first paid payment that is a renewal, and caps a fixed reward at the payment", async () => {
    await setRule(db(), { kind: "fixed", amount: usdt(50) });
    const referrer = await createMember(db());
    const referred = await referredMember(db(), referrer.id, { balance: usdt(30) });
    const plan = await createPlan(db(), "Gold", usdt(20));
    // A plan the member holds without having paid (as a trial or a grant would), now due.
    const due = new Date(Date.now() - 60_000);
    const [sub] = await db()
      .insert(subscriptions)
      .values({
        userId: referred.id,
        planId: plan.id,
        status: "active",
        billingPeriod: "monthly",
        startDate: new Date(due.getTime() - 30 * DAY),
        nextBillingDate: due,
        autorenew: true,
      })
      .returning();
    expect(await renewSubscription({ db: db(), subscriptionId: sub!.id, now: new Date() })).toBe("charged");
    expect(await referralLedger(db(), referrer.id)).toEqual([
      { amount: usdt(20), reference: `referral:reward:${referred.id}` },
    ]);
  });

  it("a full refund of the money that paid takes the whole reward back from an unspent balance", async () => {
    await setRule(db(), { kind: "percent", percent: 10 });
    const referrer = await createMember(db());
    const referred = await referredMember(db(), referrer.id);
    const charge = await cardPaid(db(), referred.id, 2_000);
    const plan = await createPlan(db(), "Gold", usdt(20));
    await buy(db(), referred.id, plan.id, usdt(20));
    expect(await balanceOf(db(), referrer.id)).toBe(usdt(2));
    // Half refunded first, then the rest: each step takes back its share, a replay nothing.
    expect(await refund(db(), charge, 1_000)).toMatchObject({ outcome: "refunded" });
    expect(await balanceOf(db(), referrer.id)).toBe(usdt(1));
    await refund(db(), charge, 2_000);
    await refund(db(), charge, 2_000);
    expect(await balanceOf(db(), referrer.id)).toBe(0n);
    expect(await referralOf(db(), referred.id)).toMatchObject({
      reward: usdt(2),
      reversed: usdt(2),
      refunded: usdt(20),
    });
    expect((await referralLedger(db(), referrer.id)).map((row) => row.amount)).toEqual([usdt(2), -usdt(1), -usdt(1)]);
  });

  it("a refund of a spent reward debits what is left and flags the rest on the referrer", async () => {
    await setRule(db(), { kind: "fixed", amount: usdt(5) });
    const referrer = await createMember(db());
    const referred = await referredMember(db(), referrer.id);
    const charge = await cardPaid(db(), referred.id, 2_000);
    const plan = await createPlan(db(), "Gold", usdt(20));
    await buy(db(), referred.id, plan.id, usdt(20));
    // The referrer spends 3 of the 5.
    const cheap = await createPlan(db(), "Cheap", usdt(3));
    await buy(db(), referrer.id, cheap.id, usdt(3));
    expect(await refund(db(), charge, 2_000)).toMatchObject({ outcome: "refunded", flagged: true });
    expect(await balanceOf(db(), referrer.id)).toBe(0n);
    const flags = await db().select().from(paymentFlags).where(eq(paymentFlags.userId, referrer.id));
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: "refund_shortfall", amount: usdt(3) });
    expect(flags[0]!.detail).toContain("referral reward");
  });

  it("a refund of money paid in after the rewarded purchase leaves the reward alone", async () => {
    await setRule(db(), { kind: "fixed", amount: usdt(5) });
    const referrer = await createMember(db());
    const referred = await referredMember(db(), referrer.id, { balance: usdt(20) });
    const plan = await createPlan(db(), "Gold", usdt(20));
    await buy(db(), referred.id, plan.id, usdt(20));
    const later = await cardPaid(db(), referred.id, 1_000);
    await refund(db(), later, 1_000);
    expect(await balanceOf(db(), referrer.id)).toBe(usdt(5));
    expect(await referralOf(db(), referred.id)).toMatchObject({ reversed: 0n });
  });

  it("a reward and a refund at once: the referrer keeps nothing either way", async () => {
    await setRule(db(), { kind: "percent", percent: 50 });
    for (let round = 0; round < 3; round++) {
      const referrer = await createMember(db());
      const referred = await referredMember(db(), referrer.id);
      const charge = await cardPaid(db(), referred.id, 2_000);
      const plan = await createPlan(db(), `Gold${round}`, usdt(20));
      const outcomes = await Promise.allSettled([
        buy(db(), referred.id, plan.id, usdt(20)),
        refund(db(), charge, 2_000),
      ]);
      expect(outcomes[1].status).toBe("fulfilled");
      // Either the purchase came first (rewarded, then taken back with the refund) or the refund
      // emptied the balance and the purchase was refused: never a reward left behind.
      expect(await balanceOf(db(), referrer.id)).toBe(0n);
      const referral = await referralOf(db(), referred.id);
      expect(referral!.reversed).toBe(referral!.reward ?? 0n);
    }
  });

  async function createFunds(userId: string) {
    const { postLedgerEntry } = await import("#server/billing/ledger");
    await postLedgerEntry({ tx: db(), userId, kind: "adjustment", amount: usdt(20), reference: `funds:${userId}` });
  }
});
