import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { couponSchema } from "~/lib/validation/admin/coupons";
import { startTrial } from "#server/billing/start-trial";
import { auditLog, subscriptions } from "#server/db/schema";
import { CODE_TAKEN, TERMS_FIXED } from "#server/staff/coupons/coupon-audit";
import { listCoupons } from "#server/staff/coupons/list-coupons";
import { pauseCoupon } from "#server/staff/coupons/pause-coupon";
import { updateCoupon } from "#server/staff/coupons/update-coupon";
import { createPlan, createTrialPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, createVerifiedMember, expectLedgerInvariant } from "../../helpers/members";
import { actor, buy, listTotal, makeCoupon, moneyOf, refusalOf, usdt, usesCounted } from "./coupon-fixtures";

describeEachDatabase("purchases with a coupon code", (database) => {
  const db = () => database().db;

  it("charges list − discount, keeps the code on the bill, moves only the charge and counts one use", async () => {
    const coupon = await makeCoupon(db(), { percentOff: "25" });
    const member = await createMember(db(), { balance: usdt(100) });
    const plans = [await createPlan(db(), "Alpha", usdt(40)), await createPlan(db(), "Beta", usdt(20))];
    // Typed in lower case: codes ignore case, and the bill shows the code as it is kept.
    await buy(db(), { userId: member.id, plans, code: coupon.code.toLowerCase(), total: usdt(45) });
    const money = await moneyOf(db(), member.id);
    expect(money.bills[0]).toMatchObject({
      listAmount: usdt(60),
      discountAmount: usdt(15),
      couponCode: coupon.code,
      totalAmount: usdt(45),
    });
    expect(money.debits).toEqual([-usdt(45)]);
    expect(money.balance).toBe(usdt(55));
    expect(money.uses).toMatchObject([
      {
        couponId: coupon.id,
        kind: "purchase",
        listAmount: usdt(60),
        discountAmount: usdt(15),
        chargedAmount: usdt(45),
      },
    ]);
    expect(money.uses[0]!.billingId).toBe(money.bills[0]!.id);
    // A code without a limit keeps no count of its own: the back office counts its purchase rows.
    const [listed] = await listCoupons({ db: db(), couponId: coupon.id });
    expect(listed!.redemptions).toBe(1);
    await expectLedgerInvariant(db());
  });

  it("never charges below zero: a fixed amount larger than the price takes off the price and moves nothing", async () => {
    const coupon = await makeCoupon(db(), { kind: "fixed", amountOff: "500", percentOff: undefined });
    const member = await createMember(db(), { balance: usdt(1) });
    const plan = await createPlan(db(), "Gamma", usdt(30));
    await buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: 0n });
    const money = await moneyOf(db(), member.id);
    expect(money.bills[0]).toMatchObject({ listAmount: usdt(30), discountAmount: usdt(30), totalAmount: 0n });
    expect(money.debits).toEqual([]);
    expect(money.balance).toBe(usdt(1));
    await expectLedgerInvariant(db());
  });

  it("takes a code's discount only off the plans and periods it is for", async () => {
    const alpha = await createPlan(db(), "Alpha", usdt(40));
    const beta = await createPlan(db(), "Beta", usdt(20));
    const coupon = await makeCoupon(db(), { percentOff: "50", planIds: [alpha.id], periods: ["monthly"] });
    const member = await createMember(db(), { balance: usdt(100) });
    await buy(db(), { userId: member.id, plans: [alpha, beta], code: coupon.code, total: usdt(40) });
    const [bill] = (await moneyOf(db(), member.id)).bills;
    expect(bill!.lines!.map((line) => line.discount)).toEqual([usdt(20).toString(), "0"]);

    const other = await createMember(db(), { balance: usdt(1000) });
    expect(await refusalOf(buy(db(), { userId: other.id, plans: [beta], code: coupon.code, total: usdt(10) }))).toEqual(
      { code: "VALIDATION", message: couponMessages.notForPlans },
    );
    const quarterly = listTotal([alpha], "quarterly");
    expect(
      await refusalOf(
        buy(db(), { userId: other.id, plans: [alpha], code: coupon.code, total: quarterly, period: "quarterly" }),
      ),
    ).toEqual({ code: "VALIDATION", message: couponMessages.notForPeriod });
  });

  it("says why a code cannot be used, and writes nothing", async () => {
    const plan = await createPlan(db(), "Delta", usdt(10));
    const member = await createMember(db(), { balance: usdt(100) });
    const attempt = (code: string, ip = `198.51.100.${crypto.randomInt(1, 250)}`) =>
      refusalOf(buy(db(), { userId: member.id, plans: [plan], code, total: usdt(8), clientIp: ip }));
    const day = 24 * 3600 * 1000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);

    expect(await attempt("NO-SUCH-CODE")).toEqual({ code: "VALIDATION", message: couponMessages.unknown });
    const expired = await makeCoupon(db(), { validFrom: iso(-10 * day), validUntil: iso(-2 * day) });
    expect(await attempt(expired.code)).toEqual({ code: "VALIDATION", message: couponMessages.expired });
    const later = await makeCoupon(db(), { validFrom: iso(3 * day) });
    expect(await attempt(later.code)).toEqual({ code: "VALIDATION", message: couponMessages.notYet });
    const paused = await makeCoupon(db());
    await pauseCoupon({ db: db(), couponId: paused.id, paused: true, actor });
    expect(await attempt(paused.code)).toEqual({ code: "VALIDATION", message: couponMessages.paused });

    const once = await makeCoupon(db());
    await buy(db(), { userId: member.id, plans: [plan], code: once.code, total: usdt(8) });
    const next = await createPlan(db(), "Epsilon", usdt(10));
    expect(await refusalOf(buy(db(), { userId: member.id, plans: [next], code: once.code, total: usdt(8) }))).toEqual({
      code: "CONFLICT",
      message: couponMessages.perMember,
    });
    // Having had a plan, the member is no longer new.
    const newcomers = await makeCoupon(db(), { newMembersOnly: true });
    expect(
      await refusalOf(buy(db(), { userId: member.id, plans: [next], code: newcomers.code, total: usdt(8) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.newMembersOnly });
    const newcomer = await createMember(db(), { balance: usdt(10) });
    await buy(db(), { userId: newcomer.id, plans: [next], code: newcomers.code, total: usdt(8) });

    expect((await moneyOf(db(), member.id)).bills).toHaveLength(1);
    await expectLedgerInvariant(db());
  });

  it("counts a member on an unpaid free trial as new for a new-members code, and one whose trial was paid as not", async () => {
    const newcomers = await makeCoupon(db(), { newMembersOnly: true });
    const tried = await createTrialPlan(db(), { name: "Trial VIP", price: usdt(20) });
    const other = await createPlan(db(), "Kappa", usdt(10));
    const member = await createVerifiedMember(db(), { balance: usdt(20) });
    await startTrial({ db: db(), userId: member.id, planId: tried.id });
    await buy(db(), { userId: member.id, plans: [other], code: newcomers.code, total: usdt(8) });
    expect((await moneyOf(db(), member.id)).uses).toHaveLength(1);

    // A trial its first charge turned into a paid plan: that member has had a plan.
    const converted = await createVerifiedMember(db(), { balance: usdt(20) });
    await startTrial({ db: db(), userId: converted.id, planId: tried.id });
    await db()
      .update(subscriptions)
      .set({ trialConvertedAt: new Date() })
      .where(eq(subscriptions.userId, converted.id));
    expect(
      await refusalOf(buy(db(), { userId: converted.id, plans: [other], code: newcomers.code, total: usdt(8) })),
    ).toEqual({ code: "CONFLICT", message: couponMessages.newMembersOnly });
    await expectLedgerInvariant(db());
  });

  it("gives a code's last use to one of two members racing for it; the other is told it is used up", async () => {
    const coupon = await makeCoupon(db(), { maxRedemptions: "1", percentOff: "10" });
    const plan = await createPlan(db(), "Zeta", usdt(50));
    const members = [await createMember(db(), { balance: usdt(50) }), await createMember(db(), { balance: usdt(50) })];
    const results = await Promise.allSettled(
      members.map((member) => buy(db(), { userId: member.id, plans: [plan], code: coupon.code, total: usdt(45) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "CONFLICT", message: couponMessages.usedUp });
    expect((refused.reason as { status: number }).status).toBe(409);
    expect(await usesCounted(db(), coupon.id)).toBe(1);
    const spent = await Promise.all(members.map(async (member) => (await moneyOf(db(), member.id)).debits));
    expect(spent.flat()).toEqual([-usdt(45)]);
    await expectLedgerInvariant(db());
  });

  it("keeps codes unique whatever their case, audits every change and fixes the terms once used", async () => {
    const coupon = await makeCoupon(db(), { code: "Spring-Sale" });
    expect(coupon.code).toBe("SPRING-SALE");
    expect(await refusalOf(makeCoupon(db(), { code: "spring-sale" }))).toEqual({
      code: "CONFLICT",
      message: CODE_TAKEN,
    });
    const form = { code: "spring-sale", kind: "percent", percentOff: "20", duration: "once", maxRedemptions: "5" };
    await updateCoupon({ db: db(), couponId: coupon.id, input: couponSchema.parse(form), actor });
    const member = await createMember(db(), { balance: usdt(10) });
    await buy(db(), {
      userId: member.id,
      plans: [await createPlan(db(), "Eta", usdt(10))],
      code: "SPRING-SALE",
      total: usdt(8),
    });
    const raise = couponSchema.parse({ ...form, percentOff: "30" });
    expect(await refusalOf(updateCoupon({ db: db(), couponId: coupon.id, input: raise, actor }))).toEqual({
      code: "CONFLICT",
      message: TERMS_FIXED,
    });
    await pauseCoupon({ db: db(), couponId: coupon.id, paused: true, actor });
    await pauseCoupon({ db: db(), couponId: coupon.id, paused: false, actor });
    const log = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.targetType} = 'coupon' and ${auditLog.targetId} = ${String(coupon.id)}`)
      .orderBy(auditLog.at, auditLog.id);
    expect(log.map((row) => row.action)).toEqual([
      "coupon.created",
      "coupon.updated",
      "coupon.paused",
      "coupon.resumed",
    ]);
  });
});
