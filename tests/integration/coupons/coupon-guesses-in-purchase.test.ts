import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { purchaseInTransaction } from "#server/billing/purchase-in-transaction";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { checkCouponCode, COUPON_GUESS_LIMIT } from "#server/coupons/check-coupon-code";
import { rateLimits } from "#server/db/schema";
import { clientAddressKey } from "#server/security/client-address";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { runBehindMemberLock } from "../../helpers/lock-waits";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { buy, makeCoupon, moneyOf, refusalOf, usdt } from "./coupon-fixtures";

// A purchase checks a typed code inside its own transaction, with the member's state. A refusal
// rolls that transaction back; the guess is counted after, so the count is not undone with it.
describeEachDatabase("a typed code's guesses in a purchase", (database, kind) => {
  const db = () => database().db;

  async function countsOf(keys: string[]) {
    const rows = await db().select().from(rateLimits);
    return keys.map((key) => rows.find((row) => row.key === key)?.count ?? 0);
  }

  it("counts a refused code against the account and the address, and writes nothing", async () => {
    const member = await createMember(db(), { balance: usdt(50) });
    const plan = await createPlan(db(), "Iota", usdt(50));
    const ip = "203.0.113.61";
    const keys = [`coupon:user:${member.id}`, clientAddressKey("coupon", ip)];
    expect(
      await refusalOf(
        buy(db(), { userId: member.id, plans: [plan], code: "NOT-A-CODE", total: usdt(40), clientIp: ip }),
      ),
    ).toEqual({ code: "VALIDATION", message: couponMessages.unknown });
    expect(await countsOf(keys)).toEqual([1, 1]);
    // A code that exists but is not for this plan is a refused guess too.
    const other = await createPlan(db(), "Kappa", usdt(50));
    const elsewhere = await makeCoupon(db(), { planIds: [other.id] });
    expect(
      await refusalOf(
        buy(db(), { userId: member.id, plans: [plan], code: elsewhere.code, total: usdt(40), clientIp: ip }),
      ),
    ).toEqual({ code: "VALIDATION", message: couponMessages.notForPlans });
    expect(await countsOf(keys)).toEqual([2, 2]);
    // A good code counts nothing.
    const good = await makeCoupon(db());
    await buy(db(), { userId: member.id, plans: [plan], code: good.code, total: usdt(40), clientIp: ip });
    expect(await countsOf(keys)).toEqual([2, 2]);
    const money = await moneyOf(db(), member.id);
    expect([money.bills.length, money.uses.length, money.balance]).toEqual([1, 1, usdt(10)]);
    await expectLedgerInvariant(db());
  });

  it("refuses a good code with the wait once the account's guesses are spent, writing and counting nothing", async () => {
    const member = await createMember(db(), { balance: usdt(50) });
    const plan = await createPlan(db(), "Lambda", usdt(50));
    const good = await makeCoupon(db());
    for (let i = 0; i < COUPON_GUESS_LIMIT; i++)
      await refusalOf(
        buy(db(), {
          userId: member.id,
          plans: [plan],
          code: `GUESS${i}`,
          total: usdt(40),
          clientIp: `203.0.113.${i + 70}`,
        }),
      );
    // From an address that guessed nothing: the account's limit refuses even the good code.
    const limited = await refusalOf(
      buy(db(), { userId: member.id, plans: [plan], code: good.code, total: usdt(40), clientIp: "203.0.113.199" }),
    );
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.message).toMatch(/^Too many codes tried\. Please try again in 1[05] minutes\.$/);
    expect(await countsOf([`coupon:user:${member.id}`, clientAddressKey("coupon", "203.0.113.199")])).toEqual([
      COUPON_GUESS_LIMIT,
      0,
    ]);
    const money = await moneyOf(db(), member.id);
    expect([money.bills.length, money.uses.length, money.balance]).toEqual([0, 0, usdt(50)]);
    // Without a code the same member buys as usual.
    await purchaseSubscriptions({
      db: db(),
      userId: member.id,
      planIds: [plan.id],
      billingPeriod: "monthly",
      totalAmount: usdt(50),
      idempotencyKey: crypto.randomUUID(),
      clientIp: "203.0.113.199",
    });
  });

  it("tells the longest wait when the account's and the address's guesses are both spent, wherever the code is refused", async () => {
    const member = await createMember(db(), { balance: usdt(50) });
    const plan = await createPlan(db(), "Omicron", usdt(50));
    const good = await makeCoupon(db());
    const ip = "203.0.113.88";
    // The account's window resets in about 3 minutes, the address's in about 12: a code from this
    // account at this address is refused until both have, so the person is told 12.
    const resetIn = (seconds: number) => new Date(Date.now() + seconds * 1000);
    await db()
      .insert(rateLimits)
      .values([
        { key: `coupon:user:${member.id}`, count: COUPON_GUESS_LIMIT, resetAt: resetIn(150) },
        { key: clientAddressKey("coupon", ip), count: COUPON_GUESS_LIMIT, resetAt: resetIn(690) },
      ]);
    const told = { code: "RATE_LIMITED", message: couponMessages.tooMany(12) };
    // The purchase (the code read with the member's state), the cart's check of a code that exists
    // (read with the code) and of one that does not (the limits read in a statement of their own).
    const check = (code: string, userId: string | null = member.id) =>
      checkCouponCode({ db: db(), code, planIds: [plan.id], billingPeriod: "monthly", userId, clientIp: ip });
    expect(
      await refusalOf(buy(db(), { userId: member.id, plans: [plan], code: good.code, total: usdt(40), clientIp: ip })),
    ).toEqual(told);
    expect(await refusalOf(check(good.code))).toEqual(told);
    expect(await refusalOf(check("NOT-A-CODE"))).toEqual(told);
    // Only the address's spent (a signed-out visitor there): its own wait.
    expect(await refusalOf(check(good.code, null))).toEqual(told);
    expect((await moneyOf(db(), member.id)).bills).toHaveLength(0);
  });

  describe.skipIf(kind === "pglite")("PostgreSQL only: PGlite runs one transaction at a time", () => {
    it("sees the member's own use of a code by a checkout that charged nothing, while it waited for it", async () => {
      const member = await createMember(db(), { balance: 0n });
      const free = await makeCoupon(db(), { percentOff: "100" });
      const first = await createPlan(db(), "Mu", usdt(20));
      const second = await createPlan(db(), "Nu", usdt(20));
      // The second checkout reads the member's state behind the held row, before the first one's use commits.
      const waiting = runBehindMemberLock({
        db: db(),
        userId: member.id,
        behind: () => buy(db(), { userId: member.id, plans: [second], code: free.code, total: 0n }),
        change: (tx) =>
          purchaseInTransaction({
            tx,
            userId: member.id,
            planIds: [first.id],
            billingPeriod: "monthly",
            totalAmount: 0n,
            idempotencyKey: crypto.randomUUID(),
            couponCode: free.code,
          }),
      });
      expect(await refusalOf(waiting)).toEqual({ code: "CONFLICT", message: couponMessages.perMember });
      const money = await moneyOf(db(), member.id);
      expect([money.bills.length, money.uses.length, money.balance]).toEqual([1, 1, 0n]);
      await expectLedgerInvariant(db());
    });
  });
});
