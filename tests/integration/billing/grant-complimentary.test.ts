import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { grantComplimentary } from "#server/billing/grant-complimentary";
import { billingHistory, ledgerEntries, notifications, subscriptions } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

// A plan staff give for free: an active subscription that lapses on its date and is never
// charged, a paid 0 "Complimentary" bill the member can read, the purchase notice, no money.

const DAY = 86_400_000;

describeEachDatabase("grantComplimentary", (database) => {
  const db = () => database().db;

  async function rowsOf(userId: string) {
    return {
      subs: await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      bills: await db().select().from(billingHistory).where(eq(billingHistory.userId, userId)),
      notes: await db().select().from(notifications).where(eq(notifications.userId, userId)),
      ledger: await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
    };
  }

  it("gives a number of days as a subscription that ends after them, with a bill and the notice, no money", async () => {
    const member = await createMember(db());
    const plan = await createPlan(db(), "Gift", 30_000_000n);
    const now = new Date("2026-11-27T10:00:00.000Z");
    const granted = await grantComplimentary({
      db: db(),
      memberId: member.id,
      planId: plan.id,
      length: { period: "days", days: 7 },
      now,
    });
    expect(granted.plan).toBe("Gift");
    expect(granted.nextBillingDate!.toISOString()).toBe(new Date(now.getTime() + 7 * DAY).toISOString());
    const rows = await rowsOf(member.id);
    expect(rows.subs).toEqual([
      expect.objectContaining({
        id: granted.subscriptionId,
        planId: plan.id,
        status: "active",
        billingPeriod: "monthly",
        autorenew: false,
        complimentary: true,
      }),
    ]);
    expect(rows.bills).toEqual([
      expect.objectContaining({
        invoiceId: granted.invoiceId,
        totalAmount: 0n,
        paymentType: "Complimentary",
        status: "paid",
        description: "Gift (7 days, complimentary)",
      }),
    ]);
    expect(rows.notes.map((n) => [n.kind, n.payload])).toEqual([
      [
        "purchase_confirmed",
        { plans: "Gift", period: "7 days", amount: "free (complimentary)", invoiceId: granted.invoiceId },
      ],
    ]);
    expect(rows.ledger).toEqual([]);
  });

  it("names one day in the singular, and a period by its name", async () => {
    const member = await createMember(db());
    const day = await createPlan(db(), "Day", 10_000_000n);
    const quarter = await createPlan(db(), "Quarter", 10_000_000n);
    await grantComplimentary({ db: db(), memberId: member.id, planId: day.id, length: { period: "days", days: 1 } });
    await grantComplimentary({ db: db(), memberId: member.id, planId: quarter.id, length: { period: "quarterly" } });
    const { bills, subs } = await rowsOf(member.id);
    expect(bills.map((b) => b.description).sort()).toEqual([
      "Day (1 day, complimentary)",
      "Quarter (quarterly, complimentary)",
    ]);
    expect(subs.find((s) => s.planId === quarter.id)).toMatchObject({ billingPeriod: "quarterly", autorenew: false });
  });

  it("refuses a member who is gone, a plan not on sale and a plan already held, writing nothing", async () => {
    const member = await createMember(db());
    const plan = await createPlan(db(), "Held", 10_000_000n);
    const hidden = await createPlan(db(), "Hidden", 10_000_000n, false);
    const refusal = (memberId: string, planId: number) =>
      grantComplimentary({ db: db(), memberId, planId, length: { period: "monthly" } }).catch((e: unknown) => e);

    expect(await refusal(crypto.randomUUID(), plan.id)).toMatchObject({
      code: "NOT_FOUND",
      message: "This member no longer exists.",
    });
    expect(await refusal(member.id, hidden.id)).toMatchObject({
      code: "CONFLICT",
      message: "This plan is not published; choose a published plan.",
    });
    expect(await rowsOf(member.id)).toMatchObject({ subs: [], bills: [], notes: [] });

    await grantComplimentary({ db: db(), memberId: member.id, planId: plan.id, length: { period: "monthly" } });
    expect(await refusal(member.id, plan.id)).toMatchObject({
      code: "CONFLICT",
      message: "The member already has an active subscription to Held; extend it instead of giving the plan again.",
    });
    const rows = await rowsOf(member.id);
    expect([rows.subs.length, rows.bills.length, rows.notes.length]).toEqual([1, 1, 1]);
  });
});
