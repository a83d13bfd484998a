import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { grantComplimentary, type ComplimentaryLength } from "#server/billing/grant-complimentary";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
import type { Db } from "#server/db/client";
import { billingHistory, ledgerEntries, planTelegramChats, profiles, subscriptions } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const DAY = 86_400_000;

// A member paying for VIP Signals whom staff give All-in-One for free already has VIP's channel
// from the gift: VIP's renewals are not charged while the gift runs, and start again when it ends.
describeEachDatabase("a paid plan inside a complimentary one", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  async function setUp(d: Db, gift: ComplimentaryLength) {
    const chats = async (planId: number, ids: number[]) =>
      d.insert(planTelegramChats).values(ids.map((chatId) => ({ planId, chatId })));
    const vip = await createPlan(d, "VIP Signals", usdt(78));
    await chats(vip.id, [-4002]);
    const all = await createPlan(d, "All-in-One", usdt(150));
    await chats(all.id, [-4001, -4002, -4003]);
    const bot = await createPlan(d, "Signals Bot", usdt(20));
    await chats(bot.id, [-4009]);
    const member = await createMember(d, { balance: usdt(500) });
    const bought = new Date(Date.now() - 40 * DAY);
    await purchaseSubscriptions({
      db: d,
      userId: member.id,
      planIds: [vip.id, bot.id],
      billingPeriod: "monthly",
      totalAmount: usdt(98),
      idempotencyKey: crypto.randomUUID(),
      now: bought,
    });
    await grantComplimentary({ db: d, memberId: member.id, planId: all.id, length: gift, now: bought });
    const held = await d.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    const of = (planId: number) => held.find((sub) => sub.planId === planId)!;
    return { member, vip: of(vip.id), bot: of(bot.id), gift: of(all.id) };
  }

  const balanceOf = async (userId: string) =>
    (await db().select({ balance: profiles.balance }).from(profiles).where(eq(profiles.id, userId)))[0]!.balance;
  const subOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

  it("moves VIP's renewal on a period without charging while a lifetime gift includes it; the plan outside it renews as usual", async () => {
    const { member, vip, bot } = await setUp(db(), { period: "lifetime" });
    const before = await balanceOf(member.id);
    const due = vip.nextBillingDate!;

    expect(await renewSubscription({ db: db(), subscriptionId: vip.id, now: new Date(due.getTime() + 1000) })).toBe(
      "skipped",
    );
    const after = await subOf(vip.id);
    expect(after.status).toBe("active");
    expect(after.nextBillingDate!.getTime()).toBeGreaterThan(due.getTime() + 27 * DAY);
    expect(await balanceOf(member.id)).toBe(before);
    const renewals = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.id));
    expect(renewals.filter((row) => row.kind === "renewal")).toEqual([]);

    // Signals Bot shares no channel with the gift: charged as any renewal.
    expect(
      await renewSubscription({
        db: db(),
        subscriptionId: bot.id,
        now: new Date(bot.nextBillingDate!.getTime() + 1000),
      }),
    ).toBe("charged");
    expect(await balanceOf(member.id)).toBe(before - usdt(20));
  });

  it("moves it only to the gift's end when the gift ends sooner, and charges from then", async () => {
    const { member, vip, gift } = await setUp(db(), { period: "days", days: 45 });
    const before = await balanceOf(member.id);
    const due = vip.nextBillingDate!;
    expect(gift.nextBillingDate!.getTime()).toBeLessThan(due.getTime() + 28 * DAY);

    expect(await renewSubscription({ db: db(), subscriptionId: vip.id, now: new Date(due.getTime() + 1000) })).toBe(
      "skipped",
    );
    expect((await subOf(vip.id)).nextBillingDate!.toISOString()).toBe(gift.nextBillingDate!.toISOString());
    expect(await balanceOf(member.id)).toBe(before);

    // The gift lapses; VIP's next renewal is charged at its price, with its bill.
    const giftEnd = new Date(gift.nextBillingDate!.getTime() + 1000);
    expect(await renewSubscription({ db: db(), subscriptionId: gift.id, now: giftEnd })).toBe("expired");
    expect(await renewSubscription({ db: db(), subscriptionId: vip.id, now: giftEnd })).toBe("charged");
    expect(await balanceOf(member.id)).toBe(before - usdt(78));
    const bills = await db().select().from(billingHistory).where(eq(billingHistory.userId, member.id));
    expect(bills.filter((bill) => bill.description?.startsWith("Renewal: VIP Signals"))).toHaveLength(1);
  });
});
