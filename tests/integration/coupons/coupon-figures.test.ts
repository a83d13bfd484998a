import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { exportMemberData } from "#server/dashboard/export-member-data";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { buy, makeCoupon, moneyOf, usdt } from "./coupon-fixtures";

const DAY = 86_400_000;

// Where a code's uses are read back: the member's data download and the back office's overview,
// both from the rows written with the money (billing rows, the code's uses), never a counter.
describeEachDatabase("coupon uses in the data download and the overview", (database) => {
  const db = () => database().db;
  beforeEach(async () => {
    await db().execute(sql`truncate table "user", pricing, coupons, rate_limits cascade`);
  });

  it("the member's data download lists their own code uses and each bill's list price and discount", async () => {
    const now = new Date();
    const start = new Date(now.getTime() - 40 * DAY);
    const plan = await createPlan(db(), "Gold", usdt(20));
    const coupon = await makeCoupon(db(), { percentOff: "25", duration: "forever" });
    const ada = await createMember(db(), { balance: usdt(100) });
    const bob = await createMember(db(), { balance: usdt(100) });
    await buy(db(), { userId: ada.id, plans: [plan], code: coupon.code, total: usdt(15), now: start });
    await buy(db(), { userId: bob.id, plans: [plan], code: coupon.code, total: usdt(15), now: start });
    // Bought 40 days ago, renewed since: a use of kind renewal.
    await runRenewals({ db: db(), now });
    await expectLedgerInvariant(db());

    const data = await exportMemberData({ db: db(), userId: ada.id, now });
    const bills = (await moneyOf(db(), ada.id)).bills.filter((bill) => bill.listAmount !== null);
    expect(data.couponRedemptions).toEqual(
      bills.map((bill, n) => ({
        code: coupon.code,
        kind: n === 0 ? "purchase" : "renewal",
        invoiceId: bill.invoiceId,
        orderId: null,
        listAmount: usdt(20).toString(),
        discountAmount: usdt(5).toString(),
        chargedAmount: usdt(15).toString(),
        redeemedAt: expect.any(String),
      })),
    );
    expect(data.couponRedemptions).toHaveLength(2);
    const sold = data.billing.filter((bill) => bill.listAmount !== null);
    expect(sold.map((b) => [b.listAmount, b.discountAmount, b.couponCode, b.totalAmount])).toEqual([
      [usdt(20).toString(), usdt(5).toString(), coupon.code, usdt(15).toString()],
      [usdt(20).toString(), usdt(5).toString(), coupon.code, usdt(15).toString()],
    ]);
  });

  it("the overview counts redemptions and the revenue given up, from the paid bills, by window", async () => {
    const now = new Date();
    const gold = await createPlan(db(), "Gold", usdt(40));
    const tin = await createPlan(db(), "Tin", usdt(8));
    const half = await makeCoupon(db(), { percentOff: "50" });
    const free = await makeCoupon(db(), { kind: "fixed", percentOff: undefined, amountOff: "20" });
    const buyer = async (balance: bigint) => (await createMember(db(), { balance })).id;
    // Two in the last 30 days (one wholly free: nothing charged, still a redemption), one before.
    await buy(db(), {
      userId: await buyer(usdt(100)),
      plans: [gold],
      code: half.code,
      total: usdt(20),
      now: new Date(now.getTime() - 2 * DAY),
    });
    await buy(db(), {
      userId: await buyer(0n),
      plans: [tin],
      code: free.code,
      total: 0n,
      now: new Date(now.getTime() - DAY),
    });
    await buy(db(), {
      userId: await buyer(usdt(100)),
      plans: [gold],
      code: half.code,
      total: usdt(20),
      now: new Date(now.getTime() - 45 * DAY),
    });
    // A sale without a code is no redemption.
    await buy(db(), {
      userId: await buyer(usdt(100)),
      plans: [gold],
      total: usdt(40),
      now: new Date(now.getTime() - DAY),
    });

    const overview = await getAdminOverview({ db: db(), role: "owner", now });
    expect(overview.money!.coupons).toEqual({
      days30: { count: 2, givenUp: (usdt(20) + usdt(8)).toString(), charged: usdt(20).toString() },
      previous30: { count: 1, givenUp: usdt(20).toString(), charged: usdt(20).toString() },
    });
    // Staff without money permission see no money figures at all.
    expect((await getAdminOverview({ db: db(), role: "editor", now })).money).toBeUndefined();
  });
});
