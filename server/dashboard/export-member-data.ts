import { asc, eq } from "drizzle-orm";
import { creditNoteOf } from "~/lib/priced-lines";
import type { DbOrTx } from "../db/client.ts";
import {
  billingHistory,
  cardPayments,
  chainDeposits,
  contactSubmissions,
  coupons,
  ledgerEntries,
  notifications,
  orders,
  passkey,
  profiles,
  session,
  user,
} from "../db/schema.ts";
import { AppError } from "../lib/errors.ts";
import { exportGrowthData } from "./export-growth-data.ts";
import { listMemberSubscriptions } from "./list-member-subscriptions.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const micro = (amount: bigint | null) => (amount === null ? null : amount.toString());

/**
 * Everything the site keeps about the member, as they may take it away: profile, subscriptions,
 * invoices (each with its list price and what a coupon code took off), ledger, sessions, orders,
 * deposits, card payments, the coupon codes they used (each use: purchase or renewal, list price,
 * discount, amount charged), notifications, passkeys, the messages they sent support, and the growth
 * features' rows (upgrade credits, trial claims, referrals: export-growth-data.ts). Only the session's own member (the caller passes the session's
 * id, never a requested one). Secrets are left out on purpose: password hash, session tokens,
 * second-factor secret and backup codes, passkeys' public keys; so are staff's internal notes,
 * which are not the member's data to read. Each row carries its id (a card payment its Stripe
 * Checkout Session), so the member and support can name it. Money is integer micro-USDT as strings (1 USDT =
 * 1 000 000), as everywhere else on the wire.
 */
export async function exportMemberData(options: { db: DbOrTx; userId: string; now?: Date }) {
  const { db, userId } = options;
  const [profile] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      telegramUsername: profiles.telegramUsername,
      telegramVerified: profiles.telegramVerified,
      telegramUserId: profiles.telegramUserId,
      balance: profiles.balance,
      depositAddress: profiles.walletAddress,
      signedUpAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId));
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");

  const [growth, subs, invoices, ledger, sessions, memberOrders, deposits, cards, notes, keys, messages, codes] =
    await Promise.all([
      exportGrowthData({ db, userId }),
      // The list the dashboard shows, oldest first as the rest of the file reads.
      listMemberSubscriptions({ db, userId }).then((rows) =>
        rows
          .reverse()
          .map(({ id, planName, status, billingPeriod, startDate, nextBillingDate, autorenew, complimentary }) => ({
            id,
            plan: planName,
            status,
            billingPeriod,
            startDate,
            nextBillingDate,
            autorenew,
            complimentary,
          })),
      ),
      db.select().from(billingHistory).where(eq(billingHistory.userId, userId)).orderBy(asc(billingHistory.issueDate)),
      db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(asc(ledgerEntries.id)),
      db
        .select({
          id: session.id,
          signedInAt: session.createdAt,
          lastActiveAt: session.updatedAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
          country: session.country,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt)),
      db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
      db
        .select()
        .from(chainDeposits)
        .where(eq(chainDeposits.userId, userId))
        .orderBy(asc(chainDeposits.blockTimestamp)),
      db.select().from(cardPayments).where(eq(cardPayments.userId, userId)).orderBy(asc(cardPayments.createdAt)),
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id)),
      db
        .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, deviceType: passkey.deviceType })
        .from(passkey)
        .where(eq(passkey.userId, userId)),
      db
        .select({
          id: contactSubmissions.id,
          sentAt: contactSubmissions.createdAt,
          name: contactSubmissions.name,
          email: contactSubmissions.email,
          telegram: contactSubmissions.telegram,
          message: contactSubmissions.message,
          status: contactSubmissions.status,
        })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.userId, userId))
        .orderBy(asc(contactSubmissions.createdAt), asc(contactSubmissions.id)),
      // The member's uses of codes: their billing rows that are one (the code named by its id, as it is called now).
      db
        .select({
          code: coupons.code,
          kind: billingHistory.couponUse,
          invoiceId: billingHistory.invoiceId,
          orderId: billingHistory.orderId,
          listAmount: billingHistory.listAmount,
          discountAmount: billingHistory.discountAmount,
          chargedAmount: billingHistory.totalAmount,
          createdAt: billingHistory.issueDate,
        })
        .from(billingHistory)
        .innerJoin(coupons, eq(coupons.id, billingHistory.couponId))
        .where(eq(billingHistory.userId, userId))
        .orderBy(asc(billingHistory.issueDate), asc(billingHistory.id)),
    ]);

  return {
    exportedAt: (options.now ?? new Date()).toISOString(),
    money: "Amounts are integer micro-USDT (1 USDT = 1000000), written as strings.",
    profile: {
      email: profile.email,
      emailVerified: profile.emailVerified,
      firstName: profile.firstName,
      lastName: profile.lastName,
      telegramUsername: profile.telegramUsername,
      telegramVerified: profile.telegramVerified,
      telegramUserId: profile.telegramUserId === null ? null : profile.telegramUserId.toString(),
      twoFactorEnabled: profile.twoFactorEnabled,
      balance: micro(profile.balance),
      depositAddress: profile.depositAddress,
      signedUpAt: iso(profile.signedUpAt),
    },
    subscriptions: subs,
    billing: invoices.map((b) => ({
      invoiceId: b.invoiceId,
      issueDate: iso(b.issueDate),
      totalAmount: micro(b.totalAmount),
      listAmount: micro(b.listAmount),
      discountAmount: micro(b.discountAmount),
      couponCode: b.couponCode,
      creditAmount: micro(b.creditAmount),
      // What an upgrade's credit was for ("Credit for unused 12 days of VIP Signals"); upgradeCredits has each line.
      creditFor: creditNoteOf(b.lines),
      paymentType: b.paymentType,
      status: b.status,
      description: b.description,
      transaction: b.txHash,
    })),
    ledger: ledger.map((l) => ({
      id: l.id.toString(),
      kind: l.kind,
      amount: micro(l.amount),
      reference: l.reference,
      memo: l.memo,
      createdAt: iso(l.createdAt),
    })),
    sessions: sessions.map((s) => ({
      ...s,
      signedInAt: iso(s.signedInAt),
      lastActiveAt: iso(s.lastActiveAt),
      expiresAt: iso(s.expiresAt),
    })),
    orders: memberOrders.map((o) => ({
      id: o.id,
      status: o.status,
      planIds: o.planIds,
      billingPeriod: o.billingPeriod,
      totalAmount: micro(o.totalAmount),
      couponCode: o.couponCode,
      createdAt: iso(o.createdAt),
      closedAt: iso(o.closedAt),
    })),
    deposits: deposits.map((d) => ({
      transaction: d.txId,
      eventIndex: d.eventIndex,
      from: d.fromAddress,
      to: d.toAddress,
      amount: micro(d.amount),
      blockNumber: d.blockNumber,
      blockTime: iso(d.blockTimestamp),
    })),
    cardPayments: cards.map((c) => ({
      checkoutSession: c.sessionId,
      purpose: c.purpose,
      amountCents: c.amountCents,
      status: c.status,
      credited: micro(c.credited),
      refunded: micro(c.refunded),
      createdAt: iso(c.createdAt),
      paidAt: iso(c.paidAt),
    })),
    notifications: notes.map((n) => ({
      id: n.id.toString(),
      kind: n.kind,
      details: n.payload,
      createdAt: iso(n.createdAt),
      emailedAt: iso(n.emailSentAt),
      telegram: n.telegramStatus,
    })),
    couponRedemptions: codes.map((c) => ({
      code: c.code,
      kind: c.kind,
      // The invoice it was charged on, as `billing` names it.
      invoiceId: c.invoiceId,
      orderId: c.orderId,
      listAmount: micro(c.listAmount),
      discountAmount: micro(c.discountAmount),
      chargedAmount: micro(c.chargedAmount),
      redeemedAt: iso(c.createdAt),
    })),
    passkeys: keys.map((k) => ({ id: k.id, name: k.name, deviceType: k.deviceType, addedAt: iso(k.createdAt) })),
    supportMessages: messages.map((m) => ({ ...m, sentAt: iso(m.sentAt) })),
    ...growth,
  };
}

export type MemberDataExport = Awaited<ReturnType<typeof exportMemberData>>;
