import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { purchaseMessages } from "#server/billing/messages";
import { coupons, pricing, profiles } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { settle, waitForLockWaiters } from "../../helpers/lock-waits";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import {
  buy,
  expectNothingWritten,
  makeCoupon,
  moneyOf,
  refusalFrom,
  refusalOf,
  takeEveryUse,
  usdt,
  usesCounted,
} from "./coupon-fixtures";
import { changedBeforeWrite } from "./purchase-statements";

// Every statement of the purchase through tx.execute and db.transaction, so that
// changedBeforeWrite sees and records it (purchase-statements.ts says why).
vi.mock("#server/db/execute-kept", () => import("./purchase-statements"));
vi.mock("#server/db/run-transaction-reading-first", () => import("./purchase-statements"));

// Every change of a code raises every plan row's version; a purchase with a code checks in its
// write that its plans' rows still carry the versions read with the code (coupon-gate.ts). A code
// this process read and kept, changed since, is noticed there: everything written rolls back, and
// the purchase runs again counting before it writes (price-with-coupon.ts countCouponUse), which
// refuses or re-prices.
describeEachDatabase("a purchase deciding its code's use on its plans' versions", (database, kind) => {
  const db = () => database().db;

  async function setUp(form: Parameters<typeof makeCoupon>[1] = {}) {
    const coupon = await makeCoupon(db(), { percentOff: "20", ...form });
    const plan = await createPlan(db(), "Theta", usdt(50));
    const member = await createMember(db(), { balance: usdt(50) });
    const countOf = () => usesCounted(db(), coupon.id);
    return { coupon, plan, member, countOf };
  }

  /**
   * The code read and kept by this process (coupon-cache.ts) without a use: a checkout of a member
   * with no balance reads it, keeps it, and is refused for the balance.
   */
  async function keep(coupon: { code: string }, plan: { id: number; price: bigint }) {
    const poor = await createMember(db(), { balance: 0n });
    const refusal = await refusalOf(buy(db(), { userId: poor.id, plans: [plan], code: coupon.code, total: usdt(40) }));
    expect(refusal.code).toBe("PAYMENT_REQUIRED");
  }

  it("raises every plan's version with each statement that changes a code, and with nothing else", async () => {
    const { coupon, plan } = await setUp();
    const other = await createPlan(db(), "Kappa", usdt(10));
    const versions = async () =>
      (await db().select({ id: pricing.id, version: pricing.couponsVersion }).from(pricing))
        .filter((row) => row.id === plan.id || row.id === other.id)
        .map((row) => row.version);
    const before = await versions();
    // A purchase with the code, and a plan's own edit, change no code.
    const buyer = await createMember(db(), { balance: usdt(50) });
    await buy(db(), { userId: buyer.id, plans: [plan], code: coupon.code, total: usdt(40) });
    await db().update(pricing).set({ name: "Theta II" }).where(eq(pricing.id, plan.id));
    expect(await versions()).toEqual(before);
    await db().update(coupons).set({ note: "edited" }).where(eq(coupons.id, coupon.id));
    expect(await versions()).toEqual(before.map((version) => version + 1));
    // A code made (through the staff's form), and deleted.
    const made = await makeCoupon(db(), { percentOff: "5" });
    const afterMade = await versions();
    expect(afterMade[0]).toBeGreaterThan(before[0]! + 1);
    await db().delete(coupons).where(eq(coupons.id, made.id));
    expect(await versions()).toEqual(afterMade.map((version) => version + 1));
  });

  it("runs again, reading the code afresh, when any code changed since this process kept it, and still sells", async () => {
    const { coupon, plan, member } = await setUp();
    await keep(coupon, plan);
    // A change that prices nothing, and of another code: the versions rise all the same.
    await db().update(coupons).set({ note: "edited" }).where(eq(coupons.id, coupon.id));
    await makeCoupon(db(), { percentOff: "5" });
    const { db: watched, statements } = changedBeforeWrite(db());
    await buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });
    expect(statements).toHaveLength(2);
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(1);
    await expectLedgerInvariant(db());
  });

  it("refuses as used up when staff limited a code kept without a limit, nothing written", async () => {
    const { coupon, plan, member } = await setUp();
    await keep(coupon, plan);
    // As the form's save leaves it: the limit, and the count started from the code's uses.
    await db().update(coupons).set({ maxRedemptions: 1, redemptionCount: 1 }).where(eq(coupons.id, coupon.id));
    const { db: watched, statements } = changedBeforeWrite(db());
    expect(
      await refusalOf(buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    expect(statements).toHaveLength(2);
    await expectNothingWritten(db(), member.id);
  });

  it("refuses with the code's own reason when staff paused it since it was kept, nothing written", async () => {
    const { coupon, plan, member, countOf } = await setUp();
    await keep(coupon, plan);
    await db().update(coupons).set({ paused: true }).where(eq(coupons.id, coupon.id));
    const { db: watched, statements } = changedBeforeWrite(db());
    expect(
      await refusalOf(buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "VALIDATION", message: couponMessages.paused });
    expect(statements).toHaveLength(2);
    expect(await countOf()).toBe(0);
    await expectNothingWritten(db(), member.id, usdt(50));
    await expectLedgerInvariant(db());
  });

  it("refuses as used up when other members took the last use since the code was kept, nothing written", async () => {
    const { coupon, plan, member } = await setUp({ maxRedemptions: "1" });
    await keep(coupon, plan);
    await takeEveryUse(db(), coupon.id);
    expect(
      await refusalOf(buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    await expectNothingWritten(db(), member.id);
    await expectLedgerInvariant(db());
  });

  it("answers prices changed when the code kept now takes a different amount off, nothing written", async () => {
    const { coupon, plan, member, countOf } = await setUp();
    await keep(coupon, plan);
    await db().update(coupons).set({ percentOff: 30 }).where(eq(coupons.id, coupon.id));
    const refusal = await refusalOf(
      buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) }),
    );
    expect(refusal).toEqual({ code: "CONFLICT", message: purchaseMessages.pricesChanged });
    expect(await countOf()).toBe(0);
    expect((await moneyOf(db(), member.id)).bills).toHaveLength(0);
  });

  it("checks a cart of several plans on each plan's row: sells when no code changed, refuses when one did", async () => {
    const { coupon, plan } = await setUp();
    const other = await createPlan(db(), "Kappa", usdt(25));
    await keep(coupon, plan);
    const buyer = await createMember(db(), { balance: usdt(100) });
    const { db: watched, statements } = changedBeforeWrite(db());
    // 20 % off both: 40 + 20.
    await buy(watched, { userId: buyer.id, plans: [plan, other], code: coupon.code, total: usdt(60) });
    const [write] = statements[0]!.filter((text) => text.includes("insert into subscriptions"));
    expect(write).toMatch(/join unnest\(.*for share of p\) checked\)/s);
    expect(statements).toHaveLength(1);
    expect((await moneyOf(db(), buyer.id)).uses).toHaveLength(1);
    // Changed since it was kept: the cart of two is noticed too.
    await db().update(coupons).set({ percentOff: 30 }).where(eq(coupons.id, coupon.id));
    const late = await createMember(db(), { balance: usdt(100) });
    const refusal = await refusalOf(
      buy(db(), { userId: late.id, plans: [plan, other], code: coupon.code, total: usdt(60) }),
    );
    expect(refusal).toEqual({ code: "CONFLICT", message: purchaseMessages.pricesChanged });
    expect((await moneyOf(db(), late.id)).bills).toHaveLength(0);
    await expectLedgerInvariant(db());
  });

  it.skipIf(kind === "pglite")(
    "notices a change committed while it waited for its member's row, though its first read was older (PostgreSQL)",
    async () => {
      const { coupon, plan, member, countOf } = await setUp();
      let purchase: ReturnType<typeof settle> | undefined;
      await db().transaction(async (tx) => {
        await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, member.id)).for("update");
        purchase = settle(buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) }));
        await waitForLockWaiters(db(), 1);
        // Committed while the purchase waits, after its first statement's snapshot: it read 20 % off.
        await db().update(coupons).set({ percentOff: 30 }).where(eq(coupons.id, coupon.id));
      });
      const settled = await purchase!;
      expect(settled.ok).toBe(false);
      expect(settled.ok ? null : refusalFrom(settled.error)).toEqual({
        code: "CONFLICT",
        message: purchaseMessages.pricesChanged,
      });
      expect(await countOf()).toBe(0);
      expect((await moneyOf(db(), member.id)).bills).toHaveLength(0);
    },
  );
});
