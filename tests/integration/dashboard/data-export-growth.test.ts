import crypto from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { exportMemberData } from "#server/dashboard/export-member-data";
import { billingHistory, referralCodes, referrals, trialClaims } from "#server/db/schema";
import { trialIdentity } from "#server/db/trial-identity";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

type Member = { id: string; email: string };
const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;

/*
 * The growth features' rows in the data download: upgrade credits, trial claims, referrals. Each
 * member gets their own rows (checked by id against the other member's, which must be absent),
 * and a referral, which joins two members, never names the other one: no id, email or code of
 * whoever referred them or signed up through them.
 */
describeEachDatabase("the data download: credits, trials and referrals", (database) => {
  const db = () => database().db;
  let ada: Member, bob: Member, carol: Member, dave: Member;
  const mine: Record<string, { bill: string; creditedBill: string; claimSub: string; signedUpAt: Date }> = {};

  /** A paid bill, with a credited upgrade line when `credit` is given; returns its id and invoice number. */
  async function bill(who: Member, credit?: { amount: bigint; note: string }) {
    const invoiceId = `INV-${crypto.randomBytes(5).toString("hex")}`;
    const list = usdt(150);
    const taken = credit?.amount ?? 0n;
    const line = {
      ...{ planId: 1, name: "All-in-One", listPrice: list.toString(), discount: "0" },
      ...{ credit: taken.toString(), charged: (list - taken).toString() },
      ...(credit ? { creditNote: credit.note } : {}),
    };
    const [row] = await db()
      .insert(billingHistory)
      .values({
        ...{ userId: who.id, invoiceId, totalAmount: list - taken, listAmount: list, discountAmount: 0n },
        ...{ creditAmount: taken, lines: [line], status: "paid", description: "All-in-One (monthly)" },
      })
      .returning({ id: billingHistory.id });
    return { id: row!.id, invoiceId };
  }

  /** `who` holds a credited upgrade, a trial claim (account and email) and a referral code. */
  async function furnish(who: Member, planId: number, days: number, signedUpAt: Date) {
    const credited = await bill(who, { amount: usdt(days), note: `Credit for unused ${days} days of VIP Signals` });
    const plain = await bill(who);
    const claimSub = crypto.randomUUID();
    await db()
      .insert(trialClaims)
      .values(
        [trialIdentity("user", who.id), trialIdentity("email", who.email)].map((identity) => ({
          ...{ planId, identity, userId: who.id, subscriptionId: claimSub },
        })),
      );
    await db()
      .insert(referralCodes)
      .values({ userId: who.id, code: `code${who.id.slice(0, 4)}` });
    mine[who.id] = { bill: plain.invoiceId, creditedBill: credited.invoiceId, claimSub, signedUpAt };
    return plain;
  }

  beforeAll(async () => {
    [ada, bob, carol, dave] = await Promise.all([1, 2, 3, 4].map(() => createMember(db())));
    const plan = await createPlan(db(), "Trial plan", usdt(10));
    const adaBill = await furnish(ada!, plan.id, 21, new Date("2026-03-01T00:00:00Z"));
    await furnish(bob!, plan.id, 9, new Date("2026-03-02T00:00:00Z"));
    const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, "0")}T10:00:00Z`);
    await db()
      .insert(referrals)
      .values([
        // Ada came through Bob's link; her first payment decided it (Bob's reward is his, not hers).
        {
          ...{ referredId: ada!.id, referrerId: bob!.id, visitedAt: at(1), createdAt: at(2) },
          ...{ billingId: adaBill.id, paymentAmount: usdt(150), reward: usdt(15), rule: "10%", rewardedAt: at(3) },
        },
        // Carol came through Ada's link, Dave through Bob's.
        {
          ...{ referredId: carol!.id, referrerId: ada!.id, visitedAt: at(4), createdAt: at(5) },
          ...{ paymentAmount: usdt(50), reward: usdt(5), rule: "10%", rewardedAt: at(6) },
        },
        {
          ...{ referredId: dave!.id, referrerId: bob!.id, visitedAt: at(7), createdAt: at(8) },
          ...{ paymentAmount: usdt(70), reward: usdt(7), rule: "10%", rewardedAt: at(9) },
        },
      ]);
  });

  it("lists the member's own credits and trial claims, by id, and none of the other member's", async () => {
    const data = await exportMemberData({ db: db(), userId: ada.id });
    expect(data.upgradeCredits).toEqual([
      expect.objectContaining({
        invoiceId: mine[ada.id]!.creditedBill,
        plan: "All-in-One",
        listPrice: usdt(150).toString(),
        credit: usdt(21).toString(),
        creditFor: "Credit for unused 21 days of VIP Signals",
        charged: usdt(129).toString(),
      }),
    ]);
    const credited = data.billing.find((row) => row.invoiceId === mine[ada.id]!.creditedBill);
    expect(credited).toMatchObject({
      creditAmount: usdt(21).toString(),
      creditFor: "Credit for unused 21 days of VIP Signals",
    });
    expect(data.upgradeCredits.map((row) => row.invoiceId)).not.toContain(mine[bob.id]!.creditedBill);
    expect(data.trialClaims.map((row) => [row.subscriptionId, row.claimedFor]).sort()).toEqual([
      [mine[ada.id]!.claimSub, "account"],
      [mine[ada.id]!.claimSub, "email"],
    ]);
    expect(data.trialClaims.map((row) => row.subscriptionId)).not.toContain(mine[bob.id]!.claimSub);
    // The claims' digests are not the member's to read back, and mean nothing to them.
    expect(JSON.stringify(data.trialClaims)).not.toContain(trialIdentity("email", ada.email).slice(6));
  });

  it("as referrer: the code and each sign-up's reward, never who signed up; the other member's sign-ups absent", async () => {
    const data = await exportMemberData({ db: db(), userId: ada.id });
    expect(data.referrals.code).toBe(`code${ada.id.slice(0, 4)}`);
    expect(data.referrals.signUps).toEqual([
      {
        ...{ arrivedAt: "2026-03-04T10:00:00.000Z", signedUpAt: "2026-03-05T10:00:00.000Z", refused: null },
        ...{ reward: usdt(5).toString(), rule: "10%", rewardedAt: "2026-03-06T10:00:00.000Z", takenBack: "0" },
      },
    ]);
    const bobs = await exportMemberData({ db: db(), userId: bob.id });
    expect(bobs.referrals.signUps.map((row) => row.signedUpAt)).toEqual([
      "2026-03-02T10:00:00.000Z",
      "2026-03-08T10:00:00.000Z",
    ]);
    expect(data.referrals.signUps.map((row) => row.signedUpAt)).not.toContain("2026-03-08T10:00:00.000Z");
    const text = JSON.stringify(data);
    for (const other of [bob, carol, dave]) {
      expect(text).not.toContain(other.email);
      expect(JSON.stringify(data.referrals)).not.toContain(other.id);
    }
    // What Carol paid is hers: only the reward it earned Ada is listed.
    expect(JSON.stringify(data.referrals)).not.toContain(usdt(50).toString());
  });

  it("as referred: that and when she came through a link, and her own invoice; never who referred her", async () => {
    const data = await exportMemberData({ db: db(), userId: ada.id });
    expect(data.referrals.referredThroughLink).toEqual({
      ...{ arrivedAt: "2026-03-01T10:00:00.000Z", signedUpAt: "2026-03-02T10:00:00.000Z", refused: null },
      ...{ decidedAt: "2026-03-03T10:00:00.000Z", decidedByInvoice: mine[ada.id]!.bill },
    });
    const referred = JSON.stringify(data.referrals.referredThroughLink);
    for (const secret of [bob.id, bob.email, `code${bob.id.slice(0, 4)}`, usdt(15).toString()])
      expect(referred).not.toContain(secret);
    const carols = await exportMemberData({ db: db(), userId: carol.id });
    expect(carols.referrals.referredThroughLink).toMatchObject({ decidedByInvoice: null });
    expect(carols.referrals.signUps).toEqual([]);
    expect(carols.upgradeCredits).toEqual([]);
    expect(carols.trialClaims).toEqual([]);
    expect(JSON.stringify(carols)).not.toContain(ada.email);
  });
});
