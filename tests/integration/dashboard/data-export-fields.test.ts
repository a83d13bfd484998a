import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { exportMemberData } from "#server/dashboard/export-member-data";
import {
  billingHistory,
  cardPayments,
  chainDeposits,
  contactSubmissions,
  coupons,
  ledgerEntries,
  notifications,
  passkey,
  profiles,
  session,
  subscriptions,
} from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { insertOrder } from "../orders/order-fixtures";

const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 9, day, hour));
const iso = (day: number, hour = 0) => at(day, hour).toISOString();

/*
 * What the data download writes for each row, field by field: dates as ISO strings, money as
 * micro-USDT strings, an empty optional value as null, every list oldest first. A member with
 * one row (two subscriptions) of every kind it reads, every value chosen, is compared whole.
 */
describeEachDatabase("the data download, field by field", (database) => {
  const db = () => database().db;

  it("writes every row of every kind as the member reads it, with the moment it was taken", async () => {
    const plan = await createPlan(db(), "Aurora", 30_000_000n);
    const older = await createPlan(db(), "Borealis", 12_000_000n);
    const member = await createMember(db(), { firstName: "Ines", balance: 25_000_000n, walletAddress: "TExportAddr1" });
    const userId = member.id;
    await db()
      .update(profiles)
      .set({ telegramUsername: "ines_t", telegramVerified: true, telegramUserId: 4_242_424_242n, createdAt: at(1) })
      .where(eq(profiles.id, userId));

    // Inserted newest first: the download lists the older one first all the same.
    const [recent] = await db()
      .insert(subscriptions)
      .values({ userId, planId: plan.id, billingPeriod: "monthly", startDate: at(5), nextBillingDate: at(28) })
      .returning({ id: subscriptions.id });
    const [first] = await db()
      .insert(subscriptions)
      .values({
        userId,
        planId: older.id,
        billingPeriod: "lifetime",
        status: "cancelled",
        autorenew: false,
        startDate: at(2),
        nextBillingDate: null,
      })
      .returning({ id: subscriptions.id });
    const [invoice] = await db()
      .insert(billingHistory)
      .values({
        userId,
        invoiceId: `INV-EXPORT-${userId.slice(0, 8)}`,
        issueDate: at(5, 10),
        totalAmount: 20_000_000n,
        listAmount: 30_000_000n,
        discountAmount: 6_000_000n,
        couponCode: "SPRING",
        creditAmount: 4_000_000n,
        status: "paid",
        description: "Aurora, monthly",
        txHash: "tx-abc",
      })
      .returning({ id: billingHistory.id });
    // A row that sold nothing: no list price, discount or credit.
    await db()
      .insert(billingHistory)
      .values({ userId, invoiceId: `INV-TOPUP-${userId.slice(0, 8)}`, issueDate: at(6), totalAmount: 5_000_000n });
    await db()
      .insert(session)
      .values({
        id: `sess-${userId}`,
        token: `token-${userId}`,
        userId,
        createdAt: at(3),
        updatedAt: at(4),
        expiresAt: at(10),
        ipAddress: "203.0.113.9",
        userAgent: "Firefox",
        country: "PT",
      });
    const order = await insertOrder(db(), userId, {
      status: "paid",
      planIds: [plan.id],
      totalAmount: 30_000_000n,
      listAmount: 30_000_000n,
      couponCode: "SPRING",
      pricesHeldUntil: at(6),
      expiresAt: at(12),
      createdAt: at(5),
      closedAt: at(5, 10),
    });
    const open = await insertOrder(db(), userId, {
      planIds: [older.id],
      billingPeriod: "quarterly",
      totalAmount: 12_000_000n,
      listAmount: 12_000_000n,
      pricesHeldUntil: at(8),
      expiresAt: at(14),
      createdAt: at(7),
    });
    await db()
      .insert(chainDeposits)
      .values({
        txId: `tx-${userId}`,
        eventIndex: 2,
        userId,
        toAddress: "TExportAddr1",
        fromAddress: "TSender",
        amount: 50_000_000n,
        blockNumber: 777,
        blockTimestamp: at(4, 12),
      });
    await db()
      .insert(cardPayments)
      .values([
        {
          sessionId: `cs_paid_${userId}`,
          userId,
          purpose: "top_up",
          amountCents: 1_500,
          status: "paid",
          credited: 15_000_000n,
          refunded: 2_000_000n,
          createdAt: at(8),
          paidAt: at(8, 1),
        },
        { sessionId: `cs_open_${userId}`, userId, purpose: "order", amountCents: 900, createdAt: at(9) },
      ]);
    const [note] = await db()
      .insert(notifications)
      .values({
        userId,
        kind: "deposit_credited",
        payload: { amount: "$50.00" },
        emailSentAt: at(4, 13),
        telegramStatus: "sent",
        createdAt: at(4, 12),
      })
      .returning({ id: notifications.id });
    await db()
      .insert(passkey)
      .values({
        id: `pk-${userId}`,
        name: "Laptop",
        publicKey: "public-key",
        userId,
        credentialID: `cred-${userId}`,
        counter: 0,
        deviceType: "multiDevice",
        backedUp: true,
        createdAt: at(3, 5),
      });
    const [message] = await db()
      .insert(contactSubmissions)
      .values({
        userId,
        name: "Ines",
        email: member.email,
        telegram: "@ines_t",
        message: "Hello",
        createdAt: at(6, 9),
      })
      .returning({ id: contactSubmissions.id, status: contactSubmissions.status });
    const [coupon] = await db()
      .insert(coupons)
      .values({ code: `SPRING-${userId.slice(0, 8)}`, kind: "percent", percentOff: 20 })
      .returning({ id: coupons.id, code: coupons.code });
    // The invoice is the code's use: a purchase, completing the order.
    await db()
      .update(billingHistory)
      .set({ couponId: coupon!.id, couponUse: "purchase", orderId: order.id })
      .where(eq(billingHistory.id, invoice!.id));
    const [opening] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

    const data = await exportMemberData({ db: db(), userId, now: at(20, 15) });

    expect(data).toEqual({
      exportedAt: iso(20, 15),
      money: "Amounts are integer micro-USDT (1 USDT = 1000000), written as strings.",
      profile: {
        email: member.email,
        emailVerified: false,
        firstName: "Ines",
        lastName: "Member",
        telegramUsername: "ines_t",
        telegramVerified: true,
        telegramUserId: "4242424242",
        twoFactorEnabled: false,
        balance: "25000000",
        depositAddress: "TExportAddr1",
        signedUpAt: iso(1),
      },
      subscriptions: [
        {
          id: first!.id,
          plan: "Borealis",
          status: "cancelled",
          billingPeriod: "lifetime",
          startDate: iso(2),
          nextBillingDate: null,
          autorenew: false,
          complimentary: false,
        },
        {
          id: recent!.id,
          plan: "Aurora",
          status: "active",
          billingPeriod: "monthly",
          startDate: iso(5),
          nextBillingDate: iso(28),
          autorenew: true,
          complimentary: false,
        },
      ],
      billing: [
        {
          invoiceId: `INV-EXPORT-${userId.slice(0, 8)}`,
          issueDate: iso(5, 10),
          totalAmount: "20000000",
          listAmount: "30000000",
          discountAmount: "6000000",
          couponCode: "SPRING",
          creditAmount: "4000000",
          creditFor: null,
          paymentType: "USDT (TRC-20)",
          status: "paid",
          description: "Aurora, monthly",
          transaction: "tx-abc",
        },
        {
          invoiceId: `INV-TOPUP-${userId.slice(0, 8)}`,
          issueDate: iso(6),
          totalAmount: "5000000",
          listAmount: null,
          discountAmount: "0",
          couponCode: null,
          creditAmount: "0",
          creditFor: null,
          paymentType: "USDT (TRC-20)",
          status: "pending",
          description: null,
          transaction: null,
        },
      ],
      ledger: [
        {
          id: opening!.id.toString(),
          kind: "adjustment",
          amount: "25000000",
          reference: opening!.reference,
          memo: opening!.memo,
          createdAt: opening!.createdAt.toISOString(),
        },
      ],
      sessions: [
        {
          id: `sess-${userId}`,
          signedInAt: iso(3),
          lastActiveAt: iso(4),
          expiresAt: iso(10),
          ipAddress: "203.0.113.9",
          userAgent: "Firefox",
          country: "PT",
        },
      ],
      orders: [
        {
          id: order.id,
          status: "paid",
          planIds: [plan.id],
          billingPeriod: "monthly",
          totalAmount: "30000000",
          couponCode: "SPRING",
          createdAt: iso(5),
          closedAt: iso(5, 10),
        },
        {
          id: open.id,
          status: "pending",
          planIds: [older.id],
          billingPeriod: "quarterly",
          totalAmount: "12000000",
          couponCode: null,
          createdAt: iso(7),
          closedAt: null,
        },
      ],
      deposits: [
        {
          transaction: `tx-${userId}`,
          eventIndex: 2,
          from: "TSender",
          to: "TExportAddr1",
          amount: "50000000",
          blockNumber: 777,
          blockTime: iso(4, 12),
        },
      ],
      cardPayments: [
        {
          checkoutSession: `cs_paid_${userId}`,
          purpose: "top_up",
          amountCents: 1_500,
          status: "paid",
          credited: "15000000",
          refunded: "2000000",
          createdAt: iso(8),
          paidAt: iso(8, 1),
        },
        {
          checkoutSession: `cs_open_${userId}`,
          purpose: "order",
          amountCents: 900,
          status: "open",
          credited: null,
          refunded: "0",
          createdAt: iso(9),
          paidAt: null,
        },
      ],
      notifications: [
        {
          id: note!.id.toString(),
          kind: "deposit_credited",
          details: { amount: "$50.00" },
          createdAt: iso(4, 12),
          emailedAt: iso(4, 13),
          telegram: "sent",
        },
      ],
      couponRedemptions: [
        {
          code: coupon!.code,
          kind: "purchase",
          invoiceId: `INV-EXPORT-${userId.slice(0, 8)}`,
          orderId: order.id,
          listAmount: "30000000",
          discountAmount: "6000000",
          chargedAmount: "20000000",
          redeemedAt: iso(5, 10),
        },
      ],
      passkeys: [{ id: `pk-${userId}`, name: "Laptop", deviceType: "multiDevice", addedAt: iso(3, 5) }],
      supportMessages: [
        {
          id: message!.id,
          sentAt: iso(6, 9),
          name: "Ines",
          email: member.email,
          telegram: "@ines_t",
          message: "Hello",
          status: message!.status,
        },
      ],
      // The growth features' rows: none for this member, still written out as empty.
      upgradeCredits: [],
      trialClaims: [],
      referrals: { code: null, codeCreatedAt: null, referredThroughLink: null, signUps: [] },
    });
  });

  it("writes a member without Telegram, or without an export moment given, as null and now", async () => {
    const { id } = await createMember(db());
    const before = Date.now();
    const data = await exportMemberData({ db: db(), userId: id });
    expect(data.profile).toMatchObject({ telegramUsername: null, telegramUserId: null, telegramVerified: false });
    const exportedAt = Date.parse(data.exportedAt);
    expect(exportedAt).toBeGreaterThanOrEqual(before);
    expect(exportedAt).toBeLessThanOrEqual(Date.now());
  });
});
