import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { exportMemberData } from "#server/dashboard/export-member-data";
import {
  billingHistory,
  cardPayments,
  chainDeposits,
  contactSubmissions,
  ledgerEntries,
  notifications,
  orders,
  passkey,
  session,
  subscriptions,
} from "#server/db/schema";
import { createPlan, creditTransfer } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { insertOrder } from "../orders/order-fixtures";

const ids = (rows: { id: unknown }[]) => rows.map((row) => String(row.id)).sort();

/*
 * The data download holds the member's own rows and no one else's, checked by the rows' ids
 * against the database for every table it reads (most rows carry no email to tell them apart):
 * two members with a row of every kind each, and some of the second member's naming the first
 * one's address, which must not pull them in.
 */
describeEachDatabase("the data download, by identity", (database) => {
  const db = () => database().db;
  let ada: { id: string; email: string };
  let bob: { id: string; email: string };

  /** A row of every kind the download reads, for `who`; `mention` is an address put in the free-text fields. */
  async function furnish(who: { id: string; email: string }, mention: string) {
    const plan = await createPlan(db(), "Export", 5_000_000n);
    await db()
      .insert(subscriptions)
      .values({
        userId: who.id,
        planId: plan.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 86_400_000),
      });
    await creditTransfer(db(), who.id, 9_000_000n);
    await db()
      .insert(billingHistory)
      .values({
        userId: who.id,
        invoiceId: `INV-${crypto.randomBytes(5).toString("hex")}`,
        totalAmount: 1_000_000n,
        status: "paid",
        description: `Note about ${mention}`,
      });
    await db()
      .insert(session)
      .values({
        id: crypto.randomUUID(),
        token: crypto.randomBytes(16).toString("hex"),
        userId: who.id,
        expiresAt: new Date(Date.now() + 86_400_000),
        userAgent: mention,
      });
    await insertOrder(db(), who.id, { planIds: [plan.id], totalAmount: 5_000_000n, listAmount: 5_000_000n });
    await db()
      .insert(cardPayments)
      .values({
        sessionId: `cs_test_${crypto.randomBytes(8).toString("hex")}`,
        userId: who.id,
        purpose: "top_up",
        amountCents: 900,
      });
    await db()
      .insert(notifications)
      .values({ userId: who.id, kind: "deposit_credited", payload: { amount: "$9.00", from: mention } });
    await db()
      .insert(passkey)
      .values({
        id: crypto.randomUUID(),
        name: mention,
        publicKey: crypto.randomBytes(16).toString("base64url"),
        userId: who.id,
        credentialID: crypto.randomBytes(16).toString("base64url"),
        counter: 0,
        deviceType: "singleDevice",
        backedUp: false,
      });
    // A message the member sent, under the other address they typed.
    await db().insert(contactSubmissions).values({ name: "Someone", email: mention, message: "Hello", userId: who.id });
  }

  beforeAll(async () => {
    ada = await createMember(db());
    bob = await createMember(db());
    // Bob's rows name Ada's address (and Ada's his): text would mix them up, ids must not.
    await furnish(ada, bob.email);
    await furnish(bob, ada.email);
    // A message from a visitor who typed Ada's address, with no account behind it: not hers to download.
    await db().insert(contactSubmissions).values({ name: "Visitor", email: ada.email, message: "Is this Ada?" });
  });

  /** Every row of the member in each table the download reads, by id (a card payment by its Checkout Session). */
  async function rowsOf(userId: string) {
    return {
      subscriptions: ids(
        await db().select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)),
      ),
      billing: (
        await db()
          .select({ id: billingHistory.invoiceId })
          .from(billingHistory)
          .where(eq(billingHistory.userId, userId))
      )
        .map((row) => row.id)
        .sort(),
      ledger: ids(
        await db().select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
      ),
      sessions: ids(await db().select({ id: session.id }).from(session).where(eq(session.userId, userId))),
      orders: ids(await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
      deposits: (
        await db().select({ id: chainDeposits.txId }).from(chainDeposits).where(eq(chainDeposits.userId, userId))
      )
        .map((row) => row.id)
        .sort(),
      cardPayments: (
        await db().select({ id: cardPayments.sessionId }).from(cardPayments).where(eq(cardPayments.userId, userId))
      )
        .map((row) => row.id)
        .sort(),
      notifications: ids(
        await db().select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)),
      ),
      passkeys: ids(await db().select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId))),
      supportMessages: ids(
        await db()
          .select({ id: contactSubmissions.id })
          .from(contactSubmissions)
          .where(eq(contactSubmissions.userId, userId)),
      ),
    };
  }

  /** The same, read from the download. */
  function exported(data: Awaited<ReturnType<typeof exportMemberData>>) {
    return {
      subscriptions: ids(data.subscriptions),
      billing: data.billing.map((row) => row.invoiceId).sort(),
      ledger: ids(data.ledger),
      sessions: ids(data.sessions),
      orders: ids(data.orders),
      deposits: data.deposits.map((row) => row.transaction).sort(),
      cardPayments: data.cardPayments.map((row) => row.checkoutSession).sort(),
      notifications: ids(data.notifications),
      passkeys: ids(data.passkeys),
      supportMessages: ids(data.supportMessages),
    };
  }

  it("holds exactly the member's own rows of every table, by id, and none of the other member's", async () => {
    const adaRows = await rowsOf(ada.id);
    const bobRows = await rowsOf(bob.id);
    for (const [table, list] of Object.entries(adaRows)) {
      // Each table has rows of both members, so the comparison below can fail either way.
      expect(list.length, table).toBeGreaterThan(0);
      expect(bobRows[table as keyof typeof bobRows].length, table).toBeGreaterThan(0);
    }
    const adaData = await exportMemberData({ db: db(), userId: ada.id });
    const bobData = await exportMemberData({ db: db(), userId: bob.id });
    expect(exported(adaData)).toEqual(adaRows);
    expect(exported(bobData)).toEqual(bobRows);
    for (const [table, list] of Object.entries(exported(adaData)))
      for (const id of bobRows[table as keyof typeof bobRows]) expect(list, table).not.toContain(id);

    // The profile is the member's, though the other's rows name this address.
    expect(adaData.profile.email).toBe(ada.email);
    expect(bobData.profile.email).toBe(bob.email);
    // The message Ada sent under Bob's address is hers; the visitor's under her address is not.
    expect(adaData.supportMessages.map((m) => m.email)).toEqual([bob.email]);
  });

  it("leaves out the secrets of the rows it lists: session tokens, passkeys' keys", async () => {
    const data = await exportMemberData({ db: db(), userId: ada.id });
    const text = JSON.stringify(data);
    for (const row of await db().select().from(session).where(eq(session.userId, ada.id)))
      expect(text).not.toContain(row.token);
    for (const row of await db().select().from(passkey).where(eq(passkey.userId, ada.id))) {
      expect(text).not.toContain(row.publicKey);
      expect(text).not.toContain(row.credentialID);
    }
    expect(Object.keys(data.passkeys[0]!).sort()).toEqual(["addedAt", "deviceType", "id", "name"]);
    expect(Object.keys(data.sessions[0]!).sort()).toEqual([
      "country",
      "expiresAt",
      "id",
      "ipAddress",
      "lastActiveAt",
      "signedInAt",
      "userAgent",
    ]);
  });

  it("refuses a member without a profile, reading nothing", async () => {
    await expect(exportMemberData({ db: db(), userId: crypto.randomUUID() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
