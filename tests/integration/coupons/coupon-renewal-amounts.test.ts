import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { sendRenewalReminders } from "#server/billing/send-renewal-reminders";
import { notifications, subscriptions } from "#server/db/schema";
import { listDueRenewals } from "#server/staff/money/list-due-renewals";
import { getRenewalsAtRisk } from "#server/staff/overview/get-renewals-at-risk";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { buy, makeCoupon, usdt } from "./coupon-fixtures";

const START = new Date("2026-01-10T09:00:00.000Z");
const DUE = new Date("2026-02-10T09:00:00.000Z");
const HOUR = 3_600_000;

describeEachDatabase("what a renewal with a code is said to cost before it is charged", (database) => {
  const db = () => database().db;

  // Reminders and the due list read every subscription in the database: each test starts clean.
  beforeEach(async () => {
    await db().execute(sql`truncate table "user", pricing, coupons, rate_limits cascade`);
  });

  /** Gold (20 USDT a month) bought at START with a 50 % code (or `form`'s) for `total`; 10 USDT left. */
  async function boughtWith(form: Parameters<typeof makeCoupon>[1], total = usdt(10)) {
    const coupon = await makeCoupon(db(), { percentOff: "50", ...form });
    const plan = await createPlan(db(), "Gold", usdt(20));
    const member = await createMember(db(), { balance: total + usdt(10) });
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total, now: START });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    expect(sub!.nextBillingDate).toEqual(DUE);
    return { member, coupon };
  }

  const remindersOf = async (userId: string) =>
    (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter(
      (note) => note.kind === "renewal_reminder",
    );

  it("sends no top-up reminder when the balance covers the renewal after the code's discount", async () => {
    const { member } = await boughtWith({ duration: "forever" });
    expect(await sendRenewalReminders({ db: db(), now: new Date(DUE.getTime() - 71 * HOUR) })).toBe(0);
    expect(await remindersOf(member.id)).toEqual([]);
    // And the renewal is indeed covered: charged at the discounted price.
    expect((await runRenewals({ db: db(), now: new Date(DUE.getTime() + HOUR) })).charged).toBe(1);
  });

  it("reminds at the list price once the code no longer discounts renewals", async () => {
    const { member } = await boughtWith({ duration: "once" });
    expect(await sendRenewalReminders({ db: db(), now: new Date(DUE.getTime() - 71 * HOUR) })).toBe(1);
    const [reminder] = await remindersOf(member.id);
    expect(reminder!.payload).toMatchObject({ amount: "$20.00 USDT", shortfall: "$10.00" });
  });

  it("says what the discounted renewal will cost, and its shortfall, in the back office's due list", async () => {
    const { member } = await boughtWith({ duration: "repeating", durationRenewals: "1" });
    const due = await listDueRenewals({ db: db(), until: new Date(DUE.getTime() + HOUR), page: 1, pageSize: 20 });
    expect(due.rows.map((row) => [row.userId, row.amount, row.shortfall])).toEqual([
      [member.id, usdt(10).toString(), "0"],
    ]);
    expect([due.amount, due.shortfall, due.atRisk]).toEqual([usdt(10).toString(), "0", 0]);
  });

  it("counts no renewal at risk on the overview when the balance covers it after the discount", async () => {
    await boughtWith({ duration: "forever" });
    const in7Days = new Date(DUE.getTime() - HOUR).toISOString();
    expect(await getRenewalsAtRisk({ db: db(), in7Days: new Date(DUE.getTime() + HOUR).toISOString() })).toEqual({
      subscriptions: 0,
      members: 0,
      shortfall: 0n,
      trials: 0,
    });
    // Not yet due within the window: nothing either way.
    expect((await getRenewalsAtRisk({ db: db(), in7Days })).subscriptions).toBe(0);
  });

  it("charges nothing, and lacks nothing, for a renewal a fixed code more than the price covers", async () => {
    const { member } = await boughtWith({ kind: "fixed", percentOff: "", amountOff: "30", duration: "forever" }, 0n);
    const due = await listDueRenewals({ db: db(), until: new Date(DUE.getTime() + HOUR), page: 1, pageSize: 20 });
    expect(due.rows.map((row) => [row.userId, row.amount, row.shortfall])).toEqual([[member.id, "0", "0"]]);
  });
});
