import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, expect, it } from "vitest";
import { MemberSubscriptionsSection } from "~/components/admin/members/member-subscriptions-section";
import * as page from "~/routes/admin/members/admin.members.$memberId";
import { postLedgerEntry } from "#server/billing/ledger";
import { billingHistory, chainDeposits, pricing, subscriptions } from "#server/db/schema";
import { MEMBER_LEDGER_PAGE_SIZE } from "#server/staff/members/get-member-money";
import { createCoverPlans, holdPlan } from "../../../helpers/complimentary-cover";
import { describeEachDatabase } from "../../../helpers/database";
import { withTestDataDir } from "../../../helpers/env";
import { useMemberPage, type MemberPageView } from "../../../helpers/member-page";
import { createMember } from "../../../helpers/members";
import { callLoader } from "../../../helpers/route-request";

withTestDataDir("admin-member-page-money", { TRON_EXPLORER_URL: "https://tronscan.test/#/transaction/" });

// The member page's subscriptions and money: what they hold, what a gift covers, the balance,
// ledger, deposits and invoices.
describeEachDatabase("the member page's subscriptions and money", (database) => {
  const db = () => database().db;
  const { people, view } = useMemberPage(database);

  beforeAll(async () => {
    const { member } = people;
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: `gold-${Date.now()}`, name: "Gold", price: 30_000_000n })
      .returning({ id: pricing.id });
    await db()
      .insert(subscriptions)
      .values({
        userId: member.userId,
        planId: plan!.id,
        billingPeriod: "monthly",
        startDate: new Date("2026-10-01T00:00:00Z"),
        nextBillingDate: new Date("2026-11-01T00:00:00Z"),
        complimentary: true,
      });
    for (let i = 0; i < MEMBER_LEDGER_PAGE_SIZE + 2; i++) {
      await postLedgerEntry({
        tx: db(),
        userId: member.userId,
        kind: "deposit",
        amount: 1_000_000n + BigInt(i),
        reference: `test:deposit:${member.userId}:${i}`,
        memo: `deposit ${i}`,
      });
    }
    await db()
      .insert(chainDeposits)
      .values({
        txId: "abc123",
        eventIndex: 0,
        userId: member.userId,
        toAddress: "TTo",
        fromAddress: "TFrom",
        amount: 5_000_000n,
        blockNumber: 1,
        blockTimestamp: new Date("2026-10-02T00:00:00Z"),
      });
    await db()
      .insert(billingHistory)
      .values({ userId: member.userId, invoiceId: `INV-${Date.now()}`, totalAmount: 30_000_000n, status: "paid" });
  });

  it("shows subscriptions with the complimentary flag", async () => {
    const v = await view();
    expect(v.subscriptions).toEqual([
      expect.objectContaining({
        planName: "Gold",
        billingPeriod: "monthly",
        status: "active",
        startDate: "2026-10-01T00:00:00.000Z",
        nextBillingDate: "2026-11-01T00:00:00.000Z",
        autorenew: true,
        complimentary: true,
      }),
    ]);
  });

  it("says which complimentary plan covers a paid plan, and until when it is not charged", async () => {
    const other = await createMember(db(), { firstName: "Cora" });
    const plans = await createCoverPlans(db());
    const due = new Date("2027-01-10T00:00:00Z");
    await holdPlan(db(), {
      userId: other.id,
      planId: plans.all.id,
      due: new Date("2027-03-01T00:00:00Z"),
      complimentary: true,
    });
    await holdPlan(db(), { userId: other.id, planId: plans.vip.id, due });
    // Its channel is outside the gift: charged as usual.
    await holdPlan(db(), { userId: other.id, planId: plans.bot.id, due });
    const answer = await callLoader(page, {
      path: `/admin/members/${other.id}`,
      params: { memberId: other.id },
      cookie: people.owner.cookie,
    });
    const { subscriptions: rows } = answer.data as unknown as MemberPageView;
    const covered = (name: string) => rows.find((r) => r.planName === name)?.coveredBy;
    expect(covered("VIP Signals")).toEqual({ gift: "All-in-One", until: "2027-03-01T00:00:00.000Z" });
    expect(covered("Signals Bot")).toBeNull();
    expect(covered("All-in-One")).toBeNull();
    const html = renderToStaticMarkup(createElement(MemberSubscriptionsSection, { subscriptions: rows, write: null }));
    expect(html).toContain("Covered by complimentary All-in-One until Mar 1, 2027: not charged until then.");
    expect(html.match(/Covered by/g)).toHaveLength(1);
  });

  it("shows the balance, the whole ledger paged newest first, deposits linked to the explorer and invoices", async () => {
    const v = await view();
    const total = MEMBER_LEDGER_PAGE_SIZE + 2;
    expect(v.money.balance).toBe(String(BigInt(total) * 1_000_000n + BigInt((total * (total - 1)) / 2)));
    expect(v.money.ledger).toMatchObject({ page: 1, pageCount: 2, total });
    expect(v.money.ledger.rows).toHaveLength(MEMBER_LEDGER_PAGE_SIZE);
    expect(v.money.ledger.rows[0]).toMatchObject({ kind: "deposit", memo: `deposit ${total - 1}` });
    const second = await view("?ledger=2");
    expect(second.money.ledger.rows.map((r) => r.memo)).toEqual(["deposit 1", "deposit 0"]);
    // A page past the end shows the last one.
    expect((await view("?ledger=99")).money.ledger.page).toBe(2);
    expect(v.money.deposits).toEqual([
      expect.objectContaining({
        txId: "abc123",
        amount: "5000000",
        explorerUrl: "https://tronscan.test/#/transaction/abc123",
      }),
    ]);
    expect(v.money.invoices).toEqual([expect.objectContaining({ totalAmount: "30000000", status: "paid" })]);
  });
});
