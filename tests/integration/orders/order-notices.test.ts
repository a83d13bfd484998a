import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema";
import type { CompleteOrderResult } from "#server/orders/complete-covered-order";
import { foldCreditNotice } from "#server/orders/fold-credit-notice";
import { paidAnswer } from "#server/orders/paid-answer";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

const LONG_AGO = new Date("2026-01-01T00:00:00Z");

/*
 * One message for one credit: the credit's own message (held while an order was open) is folded
 * into the paid order's confirmation, or released to go at once; and what an action that may
 * complete the order answers.
 */
describeEachDatabase("an order's notices", (database) => {
  const db = () => database().db;

  /** A credit's message held back (due long from now) and, when asked, the order's confirmation. */
  async function held(options: { order?: string; credit?: Partial<typeof notifications.$inferInsert> } = {}) {
    const member = await createMember(db());
    const [credit] = await db()
      .insert(notifications)
      .values({
        userId: member.id,
        kind: "deposit_credited",
        payload: { amount: "$50.00", txId: "abc123" },
        nextAttemptAt: new Date("2099-01-01T00:00:00Z"),
        ...options.credit,
      })
      .returning();
    const confirmation = options.order
      ? (
          await db()
            .insert(notifications)
            .values({ userId: member.id, kind: "purchase_confirmed", payload: { order: options.order } })
            .returning()
        )[0]
      : undefined;
    return { member, credit: credit!, confirmation };
  }

  const row = async (id: bigint) => (await db().select().from(notifications).where(eq(notifications.id, id)))[0];
  const fold = (
    userId: string,
    notificationId: bigint,
    paidOrder: string | null,
    stillDue?: { order: string; due: string },
  ) =>
    db().transaction((tx) =>
      foldCreditNotice({ tx, userId, notificationId: String(notificationId), paidOrder, stillDue }),
    );

  it("folds the credit into the paid order's confirmation: one message, naming what arrived", async () => {
    const { member, credit, confirmation } = await held({ order: "ORD-AAAA0001" });
    const bystander = await held({ order: "ORD-AAAA0001" });
    expect(await fold(member.id, credit.id, "ORD-AAAA0001")).toBe(true);
    expect(await row(credit.id)).toBeUndefined();
    expect((await row(confirmation!.id))!.payload).toEqual({
      order: "ORD-AAAA0001",
      via: "deposit_credited",
      arrived: "$50.00",
      txId: "abc123",
    });
    // Another member's credit and confirmation for an order of the same name are left alone.
    expect(await row(bystander.credit.id)).toMatchObject({ payload: { amount: "$50.00", txId: "abc123" } });
    expect((await row(bystander.confirmation!.id))!.payload).toEqual({ order: "ORD-AAAA0001" });
  });

  it("nothing paid: the credit's message goes at once, saying what the order still needs", async () => {
    const { member, credit } = await held();
    const before = Date.now();
    expect(await fold(member.id, credit.id, null, { order: "ORD-BBBB0002", due: "$10.00" })).toBe(false);
    const released = await row(credit.id);
    expect(released!.payload).toEqual({ amount: "$50.00", txId: "abc123", order: "ORD-BBBB0002", due: "$10.00" });
    expect(released!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    expect(released!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("a confirmation already on its way takes nothing: the credit's message goes at once on its own", async () => {
    const { member, credit, confirmation } = await held({ order: "ORD-CCCC0003" });
    await db().update(notifications).set({ emailAttempts: 1 }).where(eq(notifications.id, confirmation!.id));
    const before = Date.now();
    expect(await fold(member.id, credit.id, "ORD-CCCC0003")).toBe(false);
    const released = await row(credit.id);
    expect(released!.payload).toEqual({ amount: "$50.00", txId: "abc123" });
    expect(released!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    expect(released!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await row(confirmation!.id))!.payload).toEqual({ order: "ORD-CCCC0003" });
  });

  it("a credit's message already on its way is neither folded nor moved", async () => {
    const { member, credit, confirmation } = await held({
      order: "ORD-DDDD0004",
      credit: { emailAttempts: 1, nextAttemptAt: LONG_AGO },
    });
    expect(await fold(member.id, credit.id, "ORD-DDDD0004")).toBe(false);
    expect((await row(credit.id))!.nextAttemptAt).toEqual(LONG_AGO);
    expect((await row(confirmation!.id))!.payload).toEqual({ order: "ORD-DDDD0004" });
  });
});

describe("paidAnswer", () => {
  it("answers unpaid for every outcome but paid", () => {
    const outcomes: CompleteOrderResult[] = [
      { status: "none" },
      { status: "expired", orderId: "o1" },
      { status: "not-covered", orderId: "o1", due: 5n },
      { status: "awaiting-acceptance", orderId: "o1" },
      { status: "refused", orderId: "o1", problem: "No." },
    ];
    for (const outcome of outcomes) expect(paidAnswer(outcome)).toEqual({ paid: false });
  });

  it("a paid order: what it paid for and the balance left, as micro-USDT strings", () => {
    const paid = {
      reference: "ORD-EEEE0005",
      total: "49000000",
      plans: ["VIP"],
      period: "monthly",
      activeUntil: "2026-12-29",
    };
    expect(
      paidAnswer({ status: "paid", orderId: "o1", paid, activeSubscriptions: [1], newBalance: "1000000" }),
    ).toEqual({ paid: true, paidOrder: paid, balance: "1000000" });
  });
});
