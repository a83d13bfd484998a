import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { priceFor } from "~/lib/pricing";
import { loader as receiptLoader } from "~/routes/dashboard/dashboard.receipts.$invoiceId";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { postLedgerEntry } from "#server/billing/ledger";
import { purchaseSubscriptions } from "#server/billing/purchase-subscriptions";
import { renewSubscription } from "#server/billing/renew-subscription";
import { listBillingHistory } from "#server/dashboard/list-billing-history";
import { billingHistory, pricing, subscriptions } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callLoader } from "../../helpers/route-request";

withTestDataDir("receipts");

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const DAY = 24 * 60 * 60 * 1000;
let ipCounter = 1;

describeEachDatabase("receipts", (database) => {
  const db = () => database().db;

  async function member(first: string) {
    const ip = `10.8.0.${ipCounter++}`;
    const { userId, headers } = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email: `${first.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@example.com`,
        password: "Analytical1",
        telegram: `${first.toLowerCase()}_${ipCounter}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { userId, cookie };
  }

  useProcessDatabase(database);

  it("a purchase and its renewal each have a receipt, for their member only; anything else is not found", async () => {
    const [plan] = await db()
      .insert(pricing)
      .values({
        planId: `r-${crypto.randomUUID().slice(0, 8)}`,
        name: "Receipt Plan",
        price: usdt(20),
        published: true,
      })
      .returning();
    const ada = await member("Ada");
    const bob = await member("Bob");
    await postLedgerEntry({ tx: db(), userId: ada.userId, kind: "adjustment", amount: usdt(200), reference: "r:ada" });
    const bought = new Date(Date.now() - 100 * DAY);
    await purchaseSubscriptions({
      db: db(),
      userId: ada.userId,
      planIds: [plan!.id],
      billingPeriod: "quarterly",
      totalAmount: priceFor(usdt(20), "quarterly"),
      idempotencyKey: "k1",
      now: bought,
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, ada.userId));
    expect(await renewSubscription({ db: db(), subscriptionId: sub!.id, now: new Date() })).toBe("charged");
    const bills = await db()
      .select()
      .from(billingHistory)
      .where(eq(billingHistory.userId, ada.userId))
      .orderBy(billingHistory.issueDate);
    const [purchase, renewal] = bills;

    const open = (invoiceId: string, cookie?: string) =>
      callLoader(receiptLoader, {
        path: `/dashboard/receipts/${encodeURIComponent(invoiceId)}`,
        params: { invoiceId },
        cookie,
      });
    const page = await open(purchase!.invoiceId, ada.cookie);
    expect(page.status).toBe(200);
    expect(page.data.receipt).toEqual({
      invoiceId: purchase!.invoiceId,
      kind: "purchase",
      issueDate: bought.toISOString(),
      member: { name: "Ada Tester", email: expect.stringMatching(/^ada-/) },
      plans: ["Receipt Plan"],
      billingPeriod: "quarterly",
      period: { from: bought.toISOString(), until: purchase!.periodEnd!.toISOString() },
      amount: String(priceFor(usdt(20), "quarterly")),
      // Charged at its list price: nothing taken off to show.
      takenOff: null,
      method: "USDT Balance",
      orderReference: null,
    });
    const renewed = await open(renewal!.invoiceId, ada.cookie);
    expect(renewed.data.receipt).toMatchObject({
      kind: "renewal",
      plans: ["Receipt Plan"],
      period: { from: renewal!.periodStart!.toISOString(), until: renewal!.periodEnd!.toISOString() },
    });
    // The renewal pays from the old due date to the next one.
    expect(renewal!.periodStart).toEqual(purchase!.periodEnd);
    expect(purchase!.periodEnd!.getTime()).toBeGreaterThan(bought.getTime());

    // Another member's invoice id is answered like one that does not exist; a visitor signs in first.
    expect((await open(purchase!.invoiceId, bob.cookie)).status).toBe(404);
    expect((await open("INV-NOPE", ada.cookie)).status).toBe(404);
    const visitor = await open(purchase!.invoiceId);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/signin\?redirectTo=%2Fdashboard%2Freceipts%2F/);

    // The billing history links each paid purchase and renewal to its receipt, and nothing else.
    const rows = await listBillingHistory({ db: db(), userId: ada.userId });
    expect(rows.map((row) => [row.kind, row.receiptPath])).toEqual([
      ["renewal", `/dashboard/receipts/${renewal!.invoiceId}`],
      ["purchase", `/dashboard/receipts/${purchase!.invoiceId}`],
      ["adjustment", null],
    ]);
  });
});
