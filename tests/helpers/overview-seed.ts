import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";

type Schema = typeof import("../../server/db/schema.ts");

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
export const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

/**
 * Known data for the back office's overview, every date an offset from `now` (`at(days, hours)`);
 * with `now` at 12:00 UTC the calendar days are the ones tests/integration/admin/admin-overview.test.ts
 * states (now = 2026-06-15T12:00Z). The schema comes from the caller, so the browser tests can
 * seed through the test server's own module. Three plans of its own (A 100, B 40, C 60 USDT a
 * month); C has a rise from 50 announced on day −14 for day +20, B a cancelled one.
 */
export async function seedOverview(db: Db, schema: Schema, now: Date) {
  const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR);
  const { user, profiles, pricing, planPriceChanges, subscriptions, ledgerEntries, billingHistory } = schema;
  const tag = crypto.randomUUID().slice(0, 8);

  const plan = async (name: string, price: number) => {
    const [row] = await db
      .insert(pricing)
      .values({ planId: `ov-${name}-${tag}`, name: `Overview ${name} ${tag}`, price: usdt(price) })
      .returning({ id: pricing.id });
    return row!.id;
  };
  const A = await plan("a", 100);
  const B = await plan("b", 40);
  const C = await plan("c", 60);
  await db.insert(planPriceChanges).values([
    {
      planId: C,
      oldPrice: usdt(50),
      newPrice: usdt(60),
      effectiveAt: at(20),
      appliedAt: at(-14, -12),
      createdBy: "test",
      createdAt: at(-14, -12),
    },
    {
      planId: B,
      oldPrice: usdt(30),
      newPrice: usdt(40),
      effectiveAt: at(16),
      createdBy: "test",
      createdAt: at(-10),
      cancelledAt: at(-9),
      cancelledBy: "test",
    },
  ]);

  const member = async (n: number, createdAt: Date, balance = 0) => {
    const id = `ov-${tag}-m${n}`;
    await db.insert(user).values({ id, name: `Overview ${n}`, email: `${id}@example.com`, createdAt });
    await db
      .insert(profiles)
      .values({ id, firstName: "Overview", lastName: `M${n}`, balance: usdt(balance), createdAt });
    return id;
  };
  const m1 = await member(1, at(0, -4));
  const m2 = await member(2, at(-5, -12));
  const m3 = await member(3, at(-26, -12), 20);
  const m4 = await member(4, at(-156), 500);
  const m5 = await member(5, at(-156), 100);
  const m6 = await member(6, at(-106));
  const m7 = await member(7, at(-134));

  type Sub = typeof subscriptions.$inferInsert;
  const sub = (
    userId: string,
    planId: number,
    billingPeriod: Sub["billingPeriod"],
    startDate: Date,
    rest: Partial<Sub>,
  ) =>
    ({
      userId,
      planId,
      billingPeriod,
      startDate,
      status: "active",
      autorenew: billingPeriod !== "lifetime",
      nextBillingDate: null,
      ...rest,
    }) as Sub;
  const ended = (status: "expired" | "cancelled", end: Date) => ({ status, updatedAt: end, nextBillingDate: end });
  await db.insert(subscriptions).values([
    sub(m1, A, "monthly", at(0, -3.5), { nextBillingDate: at(30, -3.5) }),
    sub(m2, A, "quarterly", at(-5, -12), { nextBillingDate: at(87) }),
    sub(m2, B, "monthly", at(-26, -12), { nextBillingDate: at(5, -12), autorenew: false }),
    sub(m3, C, "monthly", at(-26, -12), { nextBillingDate: at(5, -12) }),
    sub(m3, B, "lifetime", at(-13, -12), { complimentary: true }),
    sub(m4, C, "monthly", at(-156), { nextBillingDate: at(25) }),
    sub(m4, A, "monthly", at(-25), { nextBillingDate: at(5) }),
    sub(m4, B, "lifetime", at(-134, -12), {}),
    sub(m5, A, "monthly", at(-14, -12), { nextBillingDate: at(16), complimentary: true, autorenew: false }),
    sub(m5, B, "monthly", at(-148), { nextBillingDate: at(3) }),
    sub(m5, C, "quarterly", at(-87), { nextBillingDate: at(5) }),
    sub(m6, B, "monthly", at(-106), ended("cancelled", at(-14, -12))),
    sub(m6, A, "lifetime", at(-1, -2), {}),
    sub(m6, C, "lifetime", at(-1, -2), {}),
    sub(m7, A, "monthly", at(-134), ended("expired", at(-45, -12))),
    sub(m7, B, "quarterly", at(-26, -12), ended("expired", at(-3, -12))),
    // Ended ones overlapping another of the same member: m4's while their C is active, and two of m7's.
    sub(m4, A, "quarterly", at(-60), ended("expired", at(-10))),
    sub(m7, C, "monthly", at(-20), ended("expired", at(-5, -12))),
  ]);

  let n = 0;
  const ledger = async (
    userId: string,
    kind: Schema["ledgerKind"]["enumValues"][number],
    amount: number,
    createdAt: Date,
    reference?: string,
  ) =>
    db
      .insert(ledgerEntries)
      .values({ userId, kind, amount: usdt(amount), createdAt, reference: reference ?? `ov:${tag}:${++n}` });
  // A checkout as purchaseSubscriptions writes it: a paid bill at the subscriptions' start, and its debit.
  const checkout = async (userId: string, total: number, when: Date) => {
    const [bill] = await db
      .insert(billingHistory)
      .values({ userId, invoiceId: `OV-${tag}-${++n}`, issueDate: when, totalAmount: usdt(total), status: "paid" })
      .returning({ id: billingHistory.id });
    await ledger(userId, "purchase", -total, when, `purchase:${bill!.id}`);
  };
  await ledger(m1, "deposit", 50, at(0, -3));
  await ledger(m2, "deposit", 200, at(-3, -12));
  await ledger(m3, "deposit", 20, at(-14));
  await ledger(m5, "deposit", 100, at(-36));
  await ledger(m4, "deposit", 30, at(0, 1)); // after `now`: not yet
  await checkout(m1, 100, at(0, -3.5)); // monthly: not a lifetime sale
  await ledger(m2, "purchase", -255, at(-5, -12));
  await ledger(m3, "purchase", -50, at(-26, -12));
  await ledger(m7, "purchase", -102, at(-26, -12));
  await checkout(m4, 480, at(-134, -12)); // lifetime B
  await checkout(m6, 1920, at(-1, -2)); // lifetime A + C in one cart
  await ledger(m4, "renewal", -50, at(-5, -12));
  await ledger(m5, "renewal", -40, at(-1, -7));
  await ledger(m2, "adjustment", 5, at(-1));
  await ledger(m6, "refund", 10, at(-1));
  // The money rule holds here too (a balance is the sum of its ledger), or a browser test's
  // reconciliation in the same database would find these members: an opening row 400 days back,
  // before every window the overview reads, makes up each difference.
  for (const userId of [m1, m2, m3, m4, m5, m6, m7]) {
    const [state] = await db
      .select({
        balance: profiles.balance,
        total: sql<string>`coalesce((select sum(amount) from ledger_entries where user_id = ${userId}), 0)::text`,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const gap = state!.balance - BigInt(state!.total);
    if (gap !== 0n)
      await db.insert(ledgerEntries).values({
        userId,
        kind: gap > 0n ? "deposit" : "adjustment",
        amount: gap,
        createdAt: at(-400),
        reference: `ov:${tag}:opening:${userId}`,
      });
  }
  return { members: { m1, m2, m3, m4, m5, m6, m7 }, plans: { A, B, C }, tag };
}

/**
 * A member on a free trial of the seed's plan B that ends in three days with nothing on their
 * balance: the trial will not convert, so the overview counts it beside the renewals at risk,
 * never in them. Apart from seedOverview, whose figures the integration test states exactly.
 */
export async function seedUnconvertedTrial(
  db: Db,
  schema: Schema,
  now: Date,
  { plans, tag }: Awaited<ReturnType<typeof seedOverview>>,
) {
  const { user, profiles, subscriptions } = schema;
  const id = `ov-${tag}-trial`;
  await db.insert(user).values({ id, name: "Overview trial", email: `${id}@example.com`, createdAt: now });
  await db.insert(profiles).values({ id, firstName: "Overview", lastName: "Trial", balance: 0n, createdAt: now });
  const endsAt = new Date(now.getTime() + 3 * DAY);
  await db.insert(subscriptions).values({
    userId: id,
    planId: plans.B,
    status: "active",
    billingPeriod: "monthly",
    startDate: new Date(now.getTime() - 4 * DAY),
    nextBillingDate: endsAt,
    autorenew: true,
    trialEndsAt: endsAt,
  });
}
