import { beforeAll, expect, it } from "vitest";
import type { AdminOverview } from "~/lib/view-types/admin/overview";
import { loader as overviewLoader } from "~/routes/admin/overview/admin._index";
import * as schema from "#server/db/schema";
import { getAdminOverview } from "#server/staff/overview/get-admin-overview";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { seedOverview, usdt } from "../../helpers/overview-seed";
import { callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-overview");

// Noon UTC, so the seed's offsets fall on the calendar days written below.
const now = new Date("2026-06-15T12:00:00.000Z");
const micro = (n: number) => usdt(n).toString();

/** A 30- or 90-point series as { day: value } for the days that are not `fill`. */
function days(points: { day: string; count?: number; amount?: string }[], fill: number | string) {
  const out: Record<string, number | string> = {};
  for (const p of points) {
    const value = p.count ?? p.amount!;
    if (value !== fill) out[p.day] = value;
  }
  return out;
}

/** Every day from `from` to `to` (inclusive) → value. */
function span(from: string, to: string, value: number) {
  const out: Record<string, number> = {};
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d <= new Date(`${to}T00:00:00Z`);
    d = new Date(d.getTime() + 86_400_000)
  ) {
    out[d.toISOString().slice(0, 10)] = value;
  }
  return out;
}

describeEachDatabase("the back office's overview", (database) => {
  const db = () => database().db;
  let overview: AdminOverview;

  useProcessDatabase(database);
  beforeAll(async () => {
    await seedOverview(db(), schema, now);
    overview = await getAdminOverview({ db: db(), role: "owner", now });
  });

  it("counts active members and sign-ups", () => {
    // m1…m6 hold an active subscription (m3 and m5 also a complimentary one); m7's all ended.
    expect(overview.activeMembers).toBe(6);
    // Nobody signed up between 60 and 30 days ago.
    expect(overview.signUps).toEqual({ today: 1, days7: 2, days30: 3, previous30: 0 });
    expect(overview.asOf).toBe(now.toISOString());
  });

  it("total members now and 30 days ago; active members 30 days ago", () => {
    // m1, m2 and m3 signed up in the last 30 days; m4…m7 long before.
    expect(overview.totalMembers).toEqual({ now: 7, days30Ago: 4 });
    // On 05-16 12:00: m4 (C, B lifetime, quarterly A), m5 (B, quarterly C) and m6 (B, cancelled
    // 06-01); m7's A had ended on 05-01 and the others had not started.
    expect(overview.activeMembers30dAgo).toBe(3);
  });

  it("MRR 30 days ago: the subscriptions active then, at the renewal prices of that day", () => {
    // Monthly: m4's C at 50 (the rise to 60 was announced later), m5's B 40, m6's B 40 (cancelled
    // since) = 130. Quarterly: m4's A 255 (ended since) + m5's C 127 = 382 → 127.333333.
    expect(overview.money!.mrr30dAgo).toBe((usdt(130) + usdt(382) / 3n).toString());
  });

  it("the previous 30 days: deposits, staff credits kept apart, churn", () => {
    // m5's deposit 36 days ago is the only money in of the 30 days before.
    expect(overview.money!.deposits.previous30).toEqual({ count: 1, sum: micro(100) });
    // m2's credit yesterday is a staff credit, never a deposit; the opening rows 400 days back are outside.
    expect(overview.money!.staffCredits).toEqual({
      days30: { count: 1, sum: micro(5) },
      previous30: { count: 0, sum: "0" },
    });
    // Ended 04-16…05-16: m7's A (05-01). Active on 04-16 12:00: m4's C and quarterly A (started
    // that instant), m5's B and quarterly C, m6's B, m7's A.
    expect(overview.money!.churnPrevious30d).toEqual({ ended: 1, activeAtStart: 6 });
  });

  it("MRR: monthly at the price in force at the next due date, quarterly ÷ 3; no lifetime, no grants", () => {
    // Monthly: A 100 (m1) + C 50 (m3, protected by the rise's notice) + C 60 (m4, due after the
    // rise) + A 100 (m4) + B 40 (m5; the cancelled B change protects nobody) + B 40 (m2, autorenew
    // off, still paid for this month) = 390. Quarterly: A 255 (m2) + C 127 (m5: 50 × 3 × 0.85
    // = 127.5, floored to whole USDT) = 382 → 127.333333.
    expect(overview.money!.mrr).toBe((usdt(390) + usdt(382) / 3n).toString());
    expect(overview.money!.mrr).toBe("517333333");
    expect(overview.money!.mrrSubscriptions).toBe(8);
  });

  it("lifetime sales from the checkouts' ledger debits; grants and monthly checkouts are not counted", () => {
    // m6's cart of A and C yesterday is the last 30 days' one; m4's B was bought 134 days ago.
    expect(overview.money!.lifetimeSales).toEqual({
      count: 2,
      plans: 3,
      sum: micro(2400),
      days30: { count: 1, sum: micro(1920) },
    });
  });

  it("deposits today, 7 and 30 days; a deposit after now and one 36 days ago are outside", () => {
    const usdtDeposits = {
      today: { count: 1, sum: micro(50) },
      days7: { count: 2, sum: micro(250) },
      days30: { count: 3, sum: micro(270) },
    };
    const none = { count: 0, sum: "0" };
    expect(overview.money!.deposits).toEqual({
      ...usdtDeposits,
      previous30: { count: 1, sum: micro(100) },
      byMethod: { usdt: usdtDeposits, card: { today: none, days7: none, days30: none } },
    });
  });

  it("renewals at risk: the sum of a member's due renewals against their balance", () => {
    // m3: C 50 due on the 20th, balance 20 → 30 short. m5: B 40 (18th) + C quarterly 127 (20th)
    // = 167 against 100 → 67 short, though each alone would not be. m4's A 100 is covered by
    // 500; m2's B has autorenew off; m5's grant is never charged.
    expect(overview.money!.renewalsAtRisk).toEqual({ subscriptions: 3, members: 2, shortfall: micro(97), trials: 0 });
  });

  it("churn over 30 days: ended in the window ÷ active at its start (paid recurring only)", () => {
    // Ended: m6's B (cancelled 06-01), m4's quarterly A (06-05), m7's C (06-10) and quarterly B
    // (06-12); m7's A ended 05-01, before the window. Active on 05-16 12:00: m4's C and quarterly
    // A, m5's B and C, m6's B.
    expect(overview.money!.churn30d).toEqual({ ended: 4, activeAtStart: 5 });
  });

  it("per-day series over 30 days: sign-ups, revenue (purchases + renewals), active members", () => {
    const { series } = overview;
    expect(series.signUps).toHaveLength(30);
    expect(series.signUps[0]!.day).toBe("2026-05-17");
    expect(series.signUps.at(-1)!.day).toBe("2026-06-15");
    expect(days(series.signUps, 0)).toEqual({ "2026-05-20": 1, "2026-06-10": 1, "2026-06-15": 1 });
    expect(days(series.revenue!, "0")).toEqual({
      "2026-05-20": micro(152),
      "2026-06-10": micro(305),
      "2026-06-14": micro(1960),
      "2026-06-15": micro(100),
    });
    // m4's and m7's overlapping subscriptions count each of them once.
    expect(days(series.activeMembers, -1)).toEqual({
      ...span("2026-05-17", "2026-05-19", 3),
      ...span("2026-05-20", "2026-05-31", 6),
      ...span("2026-06-01", "2026-06-11", 5),
      ...span("2026-06-12", "2026-06-13", 4),
      "2026-06-14": 5,
      "2026-06-15": 6,
    });
    expect(series.activeMembers.at(-1)!.count).toBe(overview.activeMembers);
  });

  it("90 days reach back to members whose subscriptions ended before the 30-day window", async () => {
    const wide = await getAdminOverview({ db: db(), role: "owner", now, range: 90 });
    expect(wide.series.activeMembers).toHaveLength(90);
    expect(wide.series.activeMembers[0]).toEqual({ day: "2026-03-18", count: 4 });
    const byDay = Object.fromEntries(wide.series.activeMembers.map((p) => [p.day, p.count]));
    expect([byDay["2026-04-30"], byDay["2026-05-01"], byDay["2026-05-20"]]).toEqual([4, 3, 6]);
    expect(wide.series.revenue!.slice(-30)).toEqual(overview.series.revenue);
  });

  it("support sees members and sign-ups but no money; the loader reads ?days=90 and refuses nothing else", async () => {
    const support = await signUpStaff(db(), "support");
    const view = (await callLoader(overviewLoader, { path: "/admin", cookie: support.cookie })).data!
      .overview as AdminOverview;
    expect(view).not.toHaveProperty("money");
    expect(view.series).not.toHaveProperty("revenue");
    expect(view.series.activeMembers).toHaveLength(30);
    const owner = await signUpStaff(db(), "owner");
    const wide = (await callLoader(overviewLoader, { path: "/admin?days=90", cookie: owner.cookie })).data!
      .overview as AdminOverview;
    expect(wide.range).toBe(90);
    expect(wide.series.revenue).toHaveLength(90);
    const odd = (await callLoader(overviewLoader, { path: "/admin?days=7", cookie: owner.cookie })).data!
      .overview as AdminOverview;
    expect(odd.range).toBe(30);
  });
});
