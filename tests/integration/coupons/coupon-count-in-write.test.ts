import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { couponSchema } from "~/lib/validation/admin/coupons";
import { purchaseMessages } from "#server/billing/messages";
import { couponUsePool } from "#server/coupons/coupon-use-pool";
import type { Db, Tx } from "#server/db/client";
import { coupons } from "#server/db/schema";
import { updateCoupon } from "#server/staff/coupons/update-coupon";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import {
  actor,
  buy,
  expectNothingWritten,
  makeCoupon,
  moneyOf,
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

/** The write's check of the code: its plans' rows locked for share, at the versions read with the code (coupon-gate.ts). */
const planRowsChecked =
  /counted as \(select 1 from pricing where id = \$\d+::int and coupons_version = \$\d+::bigint for share\)/;

/** The database, recording each query a purchase makes, inside its transactions and outside them. */
function recordingQueries(db: Db) {
  const queries = { outside: [] as string[], inside: [] as string[] };
  const QUERIES = new Set(["execute", "select", "insert", "update", "delete"]);
  const watch = <T extends object>(target: T, into: string[]): T =>
    new Proxy(target, {
      get(inner, name, receiver) {
        if (typeof name === "string" && QUERIES.has(name)) into.push(name);
        if (name !== "transaction") return Reflect.get(inner, name, receiver) as unknown;
        return (run: (tx: Tx) => Promise<unknown>) =>
          (inner as unknown as Db).transaction((tx) => run(watch(tx, queries.inside)));
      },
    });
  return { db: watch(db, queries.outside), queries };
}

// A purchase in its own transaction checks its code's use inside its one write statement, on its
// plans' rows (coupon-gate.ts), which stay locked for that statement's end and the commit only. What changed the code after
// the purchase read it is noticed there: everything written is rolled back, and the purchase runs
// again counting before it writes (price-with-coupon.ts countCouponUse), which refuses or re-prices.
describeEachDatabase("a purchase counting its code's use in its write statement", (database) => {
  const db = () => database().db;

  async function setUp(form: Parameters<typeof makeCoupon>[1] = {}) {
    const coupon = await makeCoupon(db(), { percentOff: "20", ...form });
    const plan = await createPlan(db(), "Theta", usdt(50));
    const member = await createMember(db(), { balance: usdt(50) });
    const countOf = () => usesCounted(db(), coupon.id);
    return { coupon, plan, member, countOf };
  }

  it("checks a limited code's use from memory in the write statement, once, when no code changed", async () => {
    const { coupon, plan, member, countOf } = await setUp({ maxRedemptions: "5" });
    // A block taken before (one use, the limit being near): the purchase counts nothing on a slot itself.
    await couponUsePool.refill({ db: db(), couponId: coupon.id });
    const { db: watched, statements } = changedBeforeWrite(db());
    await buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });
    expect(statements).toHaveLength(1);
    const [write] = statements[0]!.filter((text) => text.includes("insert into subscriptions"));
    expect(write).toMatch(planRowsChecked);
    expect(write).not.toMatch(/from coupons/);
    // The first statement locks the member's row only.
    expect(statements[0]![0]).not.toMatch(/for share|pg_advisory/);
    // No slot of the code's updated by the purchase: its use was counted when the block was taken.
    expect(statements[0]!.filter((text) => text.includes("coupon_use_slots"))).toHaveLength(0);
    expect(await countOf()).toBe(1);
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(1);
    await expectLedgerInvariant(db());
  });

  it("reads, checks and counts a typed code in the two statements of a purchase without one, none before", async () => {
    const { coupon, plan, member } = await setUp({ maxRedemptions: "5" });
    await couponUsePool.refill({ db: db(), couponId: coupon.id });
    const plain = recordingQueries(db());
    const other = await createPlan(db(), "Iota", usdt(10));
    const buyer = await createMember(db(), { balance: usdt(10) });
    await buy(plain.db, { userId: buyer.id, plans: [other], total: usdt(10) });
    // The member's state with the code (and their guess limits), then the write: as many as without a code.
    const coded = recordingQueries(db());
    await buy(coded.db, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });
    expect(plain.queries).toEqual({ outside: [], inside: ["execute", "execute"] });
    expect(coded.queries).toEqual(plain.queries);
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(1);
  });

  it("keeps no count for a code without a limit: its row is not locked (its plans' rows are), its use is its row", async () => {
    const { coupon, plan, member, countOf } = await setUp();
    const { db: watched, statements } = changedBeforeWrite(db());
    await buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });
    const [write] = statements[0]!.filter((text) => text.includes("insert into subscriptions"));
    expect(write).toMatch(planRowsChecked);
    expect(write).not.toMatch(/from coupons/);
    expect(statements[0]![0]).not.toMatch(/for share|pg_advisory/);
    expect(statements.flat().filter((text) => text.includes("redemption_count = redemption_count"))).toHaveLength(0);
    expect(await countOf()).toBe(0);
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(1);
  });

  it("refuses as used up when staff limited a code without a limit after pricing, nothing written", async () => {
    const { coupon, plan, member } = await setUp();
    // As the form's save leaves it: the limit, and the count started from the code's uses.
    const { db: watched } = changedBeforeWrite(db(), (tx) =>
      tx.update(coupons).set({ maxRedemptions: 1, redemptionCount: 1 }).where(eq(coupons.id, coupon.id)),
    );
    expect(
      await refusalOf(buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    await expectNothingWritten(db(), member.id);
  });

  it("starts a code's count from its uses when staff give it a limit", async () => {
    const { coupon, plan, countOf } = await setUp();
    for (const _ of [1, 2]) {
      const member = await createMember(db(), { balance: usdt(50) });
      await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) });
    }
    expect(await countOf()).toBe(0);
    const form = { code: coupon.code, kind: "percent", percentOff: "20", duration: "once" };
    const lower = couponSchema.parse({ ...form, maxRedemptions: "1" });
    expect(await refusalOf(updateCoupon({ db: db(), couponId: coupon.id, input: lower, actor }))).toMatchObject({
      code: "CONFLICT",
    });
    await updateCoupon({
      db: db(),
      couponId: coupon.id,
      input: couponSchema.parse({ ...form, maxRedemptions: "3" }),
      actor,
    });
    expect(await countOf()).toBe(2);
    const last = await createMember(db(), { balance: usdt(50) });
    await buy(db(), { userId: last.id, plans: [plan], code: coupon.code, total: usdt(40) });
    const late = await createMember(db(), { balance: usdt(50) });
    expect(await refusalOf(buy(db(), { userId: late.id, plans: [plan], code: coupon.code, total: usdt(40) }))).toEqual({
      code: "CONFLICT",
      message: couponMessages.usedUp,
    });
    expect(await countOf()).toBe(3);
  });

  it("refuses with the code's own reason when staff paused it after pricing, nothing written", async () => {
    const { coupon, plan, member, countOf } = await setUp();
    const { db: watched, statements } = changedBeforeWrite(db(), (tx) =>
      tx.update(coupons).set({ paused: true }).where(eq(coupons.id, coupon.id)),
    );
    expect(
      await refusalOf(buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "VALIDATION", message: couponMessages.paused });
    expect(statements).toHaveLength(2);
    expect(await countOf()).toBe(0);
    await expectNothingWritten(db(), member.id, usdt(50));
    await expectLedgerInvariant(db());
  });

  it("refuses as used up when another member took the last use after pricing, nothing written", async () => {
    const { coupon, plan, member } = await setUp({ maxRedemptions: "1" });
    const { db: watched } = changedBeforeWrite(db(), (tx) => takeEveryUse(tx, coupon.id));
    expect(
      await refusalOf(buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
    await expectNothingWritten(db(), member.id);
    await expectLedgerInvariant(db());
  });

  it("answers prices changed when the code now takes a different amount off, nothing written", async () => {
    const { coupon, plan, member, countOf } = await setUp();
    const { db: watched } = changedBeforeWrite(db(), (tx) =>
      tx.update(coupons).set({ percentOff: 30 }).where(eq(coupons.id, coupon.id)),
    );
    const refusal = await refusalOf(
      buy(watched, { userId: member.id, plans: [plan], code: coupon.code, total: usdt(40) }),
    );
    expect(refusal).toEqual({ code: "CONFLICT", message: purchaseMessages.pricesChanged });
    expect(await countOf()).toBe(0);
    expect((await moneyOf(db(), member.id)).bills).toHaveLength(0);
  });
});
