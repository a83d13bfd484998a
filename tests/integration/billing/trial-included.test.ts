import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { getTrialOffer } from "#server/billing/get-trial-offer";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { startTrial } from "#server/billing/start-trial";
import type { Db } from "#server/db/client";
import { planTelegramChats, subscriptions } from "#server/db/schema";
import { isAppError } from "#server/lib/errors";
import { createPlan, createTrialPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

// A free trial of a plan whose channels the member already has in an active plan would give
// nothing, and its conversion would charge them a second time for those channels: refused, with
// the words the carts use, on the trial page before the click and by the start itself.
describeEachDatabase("free trials of a plan an active plan includes", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function setUp(d: Db) {
    const chats = async (planId: number, ids: number[]) =>
      d.insert(planTelegramChats).values(ids.map((chatId) => ({ planId, chatId })));
    const vip = await createTrialPlan(d, { name: "VIP Signals", price: usdt(78), days: 7 });
    await chats(vip.id, [-3002]);
    const all = await createPlan(d, "All-in-One", usdt(150));
    await chats(all.id, [-3001, -3002, -3003]);
    const member = await createVerifiedMember(d, { balance: usdt(300) });
    return { vip, all, member };
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => {
        if (!isAppError(error)) throw error;
        return error.message;
      },
    );

  it("refuses a trial of VIP Signals to a member holding All-in-One: offered with the refusal, not started", async () => {
    const { vip, all, member } = await setUp(db());
    // Before All-in-One, the trial is on offer.
    expect(await getTrialOffer({ db: db(), userId: member.id, planId: vip.id })).toMatchObject({ refusal: null });
    await purchaseSubscriptions({
      db: db(),
      userId: member.id,
      planIds: [all.id],
      billingPeriod: "monthly",
      totalAmount: usdt(150),
      idempotencyKey: crypto.randomUUID(),
    });

    expect(await getTrialOffer({ db: db(), userId: member.id, planId: vip.id })).toMatchObject({
      refusal: "Already included in All-in-One",
    });
    expect(await refusal(startTrial({ db: db(), userId: member.id, planId: vip.id }))).toBe(
      "Already included in All-in-One",
    );
    const held = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    expect(held.map((sub) => sub.planId)).toEqual([all.id]);
  });
  it("a member who had VIP Signals and now holds All-in-One is told it is included, not that they had it before", async () => {
    const { vip, all, member } = await setUp(db());
    const buy = (planId: number, total: bigint) =>
      purchaseSubscriptions({
        db: db(),
        userId: member.id,
        planIds: [planId],
        billingPeriod: "monthly",
        totalAmount: total,
        idempotencyKey: crypto.randomUUID(),
      });
    await buy(vip.id, usdt(78));
    const offer = await getTrialOffer({ db: db(), userId: member.id, planId: vip.id });
    expect(offer).toMatchObject({ refusal: "You already have VIP Signals." });
    expect(offer?.included).toBeUndefined();
    // VIP Signals over (an ended subscription is "had it before"), then All-in-One bought.
    const [vipSub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    await db().update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.id, vipSub!.id));
    await buy(all.id, usdt(150));

    expect(await getTrialOffer({ db: db(), userId: member.id, planId: vip.id })).toMatchObject({
      refusal: "Already included in All-in-One",
      included: true,
    });
    expect(await refusal(startTrial({ db: db(), userId: member.id, planId: vip.id }))).toBe(
      "Already included in All-in-One",
    );
  });
});
