import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { getTrialOffer } from "#server/billing/get-trial-offer";
import { postLedgerEntry } from "#server/billing/ledger";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { startTrial } from "#server/billing/start-trial";
import { TRIAL_MESSAGES } from "#server/billing/trial-rules";
import { orders, profiles, subscriptions } from "#server/db/schema";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { createPlan, createTrialPlan, usdtTransfer } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { randomTronAddress } from "../../helpers/fake-trongrid";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";

// A member who signed up with a plan in the cart has an unpaid order for it; starting that plan's
// trial leaves the order unpayable ("Already subscribed"), yet it kept asking for its price.
describeEachDatabase("free trials and an unpaid order", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  const orderOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it("an unpaid order for the trial's plan alone is cancelled when the trial starts, and a deposit then charges nothing", async () => {
    const plan = await createTrialPlan(db(), { name: "Solo", days: 7 });
    const member = await createVerifiedMember(db());
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
    });
    expect((await getTrialOffer({ db: db(), userId: member.id, planId: plan.id }))!.refusal).toBeNull();

    await startTrial({ db: db(), userId: member.id, planId: plan.id });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled" });
    // The deposit meant for the order stays as balance, for the trial's conversion at its end.
    await postLedgerEntry({
      tx: db(),
      userId: member.id,
      kind: "adjustment",
      amount: 100_000_000n,
      reference: `test:credit:${member.id}`,
      memo: "test credit",
    });
    expect(await completeCoveredOrder({ db: db(), userId: member.id })).toEqual({ status: "none" });
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]!.trialEndsAt).not.toBeNull();
  });

  it("an unpaid order with other plans too refuses the trial, on the page and at the start, and is left as it was", async () => {
    const plan = await createTrialPlan(db(), { name: "Pair A", days: 7 });
    const other = await createPlan(db(), "Pair B", 20_000_000n);
    const member = await createVerifiedMember(db());
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [plan.id, other.id],
      billingPeriod: "monthly",
    });
    expect(await getTrialOffer({ db: db(), userId: member.id, planId: plan.id })).toMatchObject({
      refusal: TRIAL_MESSAGES.inOrder("Pair A"),
    });
    await expect(startTrial({ db: db(), userId: member.id, planId: plan.id })).rejects.toThrow(
      TRIAL_MESSAGES.inOrder("Pair A"),
    );
    expect(await orderOf(orderId)).toMatchObject({ status: "pending" });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toEqual([]);
  });

  it("an unpaid order for other plans only is left alone", async () => {
    const plan = await createTrialPlan(db(), { name: "Apart", days: 7 });
    const other = await createPlan(db(), "Elsewhere", 20_000_000n);
    const member = await createVerifiedMember(db());
    const { orderId } = await createOrder({
      db: db(),
      userId: member.id,
      planIds: [other.id],
      billingPeriod: "monthly",
    });
    await startTrial({ db: db(), userId: member.id, planId: plan.id });
    expect(await orderOf(orderId)).toMatchObject({ status: "pending" });
  });

  // An order past its expiry is not in the trial's way, whatever it holds: no credit can pay it
  // any more (a completion expires it before it charges anything), so the trial starts, the
  // deposit meant for the order stays as balance, and that balance pays the trial's conversion.
  it.each([
    ["the trial's plan alone", false],
    ["the trial's plan and another", true],
  ])(
    "a lapsed order with %s: the trial starts, a late deposit stays as balance and converts the trial",
    async (_, withOther) => {
      const price = 30_000_000n;
      const plan = await createTrialPlan(db(), { name: withOther ? "Late pair" : "Late solo", days: 7, price });
      const other = await createPlan(db(), withOther ? "Late other" : "Unused", 20_000_000n);
      const member = await createVerifiedMember(db());
      const { orderId } = await createOrder({
        db: db(),
        userId: member.id,
        planIds: withOther ? [plan.id, other.id] : [plan.id],
        billingPeriod: "monthly",
      });
      // Past the order's expiry, before the orders job has marked it expired.
      const lapsed = new Date((await orderOf(orderId)).expiresAt.getTime() + 60_000);
      expect((await getTrialOffer({ db: db(), userId: member.id, planId: plan.id, now: lapsed }))!.refusal).toBeNull();
      const trial = await startTrial({ db: db(), userId: member.id, planId: plan.id, now: lapsed });

      const total = withOther ? price + 20_000_000n : price;
      const deposit = await creditDeposit({
        db: db(),
        event: usdtTransfer(randomTronAddress(), total),
        userId: member.id,
        now: new Date(lapsed.getTime() + 60_000),
      });
      expect(deposit).toEqual({ credited: true, completion: { status: "expired", orderId } });
      expect(await orderOf(orderId)).toMatchObject({ status: "expired", problem: null });
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.id));
      expect(profile!.balance).toBe(total);
      const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
      expect(subs.map((sub) => [sub.planId, sub.trialEndsAt, sub.trialConvertedAt])).toEqual([
        [plan.id, trial.endsAt, null],
      ]);

      // At the trial's end the deposit pays its first month, once.
      await runRenewals({ db: db(), now: new Date(trial.endsAt.getTime() + 60_000) });
      const [converted] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
      expect(converted).toMatchObject({ status: "active", trialConvertedAt: expect.any(Date) });
      const [after] = await db().select().from(profiles).where(eq(profiles.id, member.id));
      expect(after!.balance).toBe(total - price);
    },
  );
});
