import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { ledgerEntries } from "#server/db/schema";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { buy, cardPaid, referredMember, refund, setRule, usdt } from "./referral-support";

setTestEnv({ LOG_LEVEL: "silent" });

const DAY = 86_400_000;

// The overview's referral rewards are the ledger's referral rows: each reward once, whatever is
// replayed, and what refunds of the referred payments took back beside it.
describeEachDatabase("overview: referral rewards", (database) => {
  const db = () => database().db;
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  it("counts each reward once and what refunds took back, as the ledger holds them", async () => {
    const plan = await createPlan(db(), "Gold", usdt(20));
    const referrer = await createMember(db());

    await setRule(db(), { kind: "percent", percent: 10 });
    const first = await referredMember(db(), referrer.id, { telegramUsername: "first_referred" });
    const charge = await cardPaid(db(), first.id, 2_000);
    const key = crypto.randomUUID();
    await buy(db(), first.id, plan.id, usdt(20), key);
    // The same checkout replayed: no second reward.
    await buy(db(), first.id, plan.id, usdt(20), key);

    await setRule(db(), { kind: "fixed", amount: usdt(5) });
    const second = await referredMember(db(), referrer.id, { telegramUsername: "second_referred", balance: usdt(40) });
    await buy(db(), second.id, plan.id, usdt(20));
    // A later purchase by the same referred member pays nothing more.
    const other = await createPlan(db(), "Silver", usdt(10));
    await buy(db(), second.id, other.id, usdt(10));

    // Half the first member's card payment refunded: half their referrer's 2 USDT taken back.
    await refund(db(), charge, 1_000);

    const overview = await getAdminOverview({ db: db(), role: "owner" });
    expect(overview.money!.referrals.days30).toEqual({
      count: 2,
      paid: usdt(7).toString(),
      reversed: usdt(1).toString(),
    });
    expect(overview.money!.referrals.previous30).toEqual({ count: 0, paid: "0", reversed: "0" });
    // The same money as the ledger's referral rows, summed directly.
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.kind, "referral"));
    expect(rows.filter((row) => row.amount > 0n).reduce((sum, row) => sum + row.amount, 0n)).toBe(usdt(7));
    expect(rows.filter((row) => row.amount < 0n).reduce((sum, row) => sum - row.amount, 0n)).toBe(usdt(1));

    // Forty days on, the same rewards are the 30 days before's, and the last 30 have none.
    const later = await getAdminOverview({ db: db(), role: "owner", now: new Date(Date.now() + 40 * DAY) });
    expect(later.money!.referrals).toEqual({
      days30: { count: 0, paid: "0", reversed: "0" },
      previous30: overview.money!.referrals.days30,
    });
  });
});
