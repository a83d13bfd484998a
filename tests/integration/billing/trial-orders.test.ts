import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { getTrialOffer } from "#server/billing/get-trial-offer";
import { postLedgerEntry } from "#server/billing/ledger";
import { startTrial } from "#server/billing/start-trial";
import { TRIAL_MESSAGES } from "#server/billing/trial-rules";
import { orders, subscriptions } from "#server/db/schema";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { createPlan, createTrialPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
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
});
