import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { AdminReferralsView } from "~/lib/view-types/admin/referrals";
import { loader as overviewLoader } from "~/routes/admin/overview/admin._index";
import { action as referralsAction, loader as referralsLoader } from "~/routes/admin/referrals/admin.referrals";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { auditLog, referrals } from "#server/db/schema";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { REFERRALS_PAGE_SIZE } from "#server/staff/referrals/list-referrals";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";
import { buy, referredMember, usdt } from "../referrals/referral-support";

withTestDataDir("admin-referrals");

// The reward rule as an owner sets it (audited, owner only), the back office's lists and the
// overview's figure, and the member's own Referrals section.
describeEachDatabase("/admin/referrals", (database) => {
  const db = () => database().db;
  beforeAll(() => {
    resetSingleton("auth");
    setSingleton("database", database());
  });

  it("an owner sets the rule, audited; an admin reads it and may not change it", async () => {
    const owner = await signUpStaff(db(), "owner");
    const admin = await signUpStaff(db(), "admin");
    const refused = await callAction(referralsAction, {
      path: "/admin/referrals",
      cookie: admin.cookie,
      json: { kind: "percent", percent: "10" },
    });
    expect(refused.status).toBe(404);
    const bad = await callAction(referralsAction, {
      path: "/admin/referrals",
      cookie: owner.cookie,
      json: { kind: "percent", percent: "0" },
    });
    expect(bad.status).toBe(400);
    const saved = await callAction(referralsAction, {
      path: "/admin/referrals",
      cookie: owner.cookie,
      json: { kind: "percent", percent: "10" },
    });
    expect(saved).toMatchObject({ status: 200, data: { ok: true, rule: "10% of the first payment" } });
    const same = await callAction(referralsAction, {
      path: "/admin/referrals",
      cookie: owner.cookie,
      json: { kind: "percent", percent: "10" },
    });
    expect(same.status).toBe(409);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "settings.referrals"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorLabel: owner.email,
      before: { kind: "off" },
      after: { kind: "percent", percent: 10 },
    });
    const page = await callLoader(referralsLoader, { path: "/admin/referrals", cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ ruleText: "10% of the first payment", canChange: false });
    expect((page.data as AdminReferralsView).history.entries).toHaveLength(1);

    // A fixed reward's history reads in USDT, as the owner typed it, not in micro-USDT digits.
    const fixed = await callAction(referralsAction, {
      path: "/admin/referrals",
      cookie: owner.cookie,
      json: { kind: "fixed", amount: "5" },
    });
    expect(fixed).toMatchObject({ status: 200, data: { ok: true } });
    const after = await callLoader(referralsLoader, { path: "/admin/referrals", cookie: owner.cookie });
    const [latest] = (after.data as AdminReferralsView).history.entries;
    expect(latest!.changes).toContainEqual({ field: "Amount", before: null, after: "$5.00 USDT" });
  });

  it("lists referrers, referred members and rewards; the overview and the member see the reward", async () => {
    const owner = await signUpStaff(db(), "owner");
    const referrer = await signUpStaff(db(), null);
    const referred = await referredMember(db(), referrer.userId, { balance: usdt(60) });
    const plan = await createPlan(db(), "Gold", usdt(50));
    await buy(db(), referred.id, plan.id, usdt(50));

    const page = await callLoader(referralsLoader, { path: "/admin/referrals", cookie: owner.cookie });
    const view = page.data as AdminReferralsView;
    expect(view.referrers).toEqual([
      { userId: referrer.userId, email: referrer.email, signUps: 1, rewarded: 1, rewards: String(usdt(5)) },
    ]);
    expect(view.referred[0]).toMatchObject({
      userId: referred.id,
      referrerId: referrer.userId,
      payment: String(usdt(50)),
      reward: String(usdt(5)),
    });
    expect(view.totals).toMatchObject({ signUps: 1, rewarded: 1, rewardsPaid: String(usdt(5)) });

    const overview = await callLoader(overviewLoader, { path: "/admin", cookie: owner.cookie });
    expect(JSON.stringify(overview.data)).toContain(`"referrals":{"days30":{"count":1,"paid":"${usdt(5)}"`);

    const dashboard = await callLoader(dashboardLoader, {
      path: "/dashboard?section=referrals",
      cookie: referrer.cookie,
    });
    expect(dashboard.status).toBe(200);
    const section = (dashboard.data as { referrals: { link: string; earned: string; referrals: { reward: string }[] } })
      .referrals;
    expect(section.link).toMatch(/\/r\/[a-z2-9]{8}$/);
    expect(section.earned).toBe(String(usdt(5)));
    expect(section.referrals).toEqual([expect.objectContaining({ reward: String(usdt(5)), name: "Test M." })]);
  });

  it("pages the referred members; a page number typed wrong in the address shows a page, never an error", async () => {
    const owner = await signUpStaff(db(), "owner");
    const referrer = await createMember(db());
    const total = (await db().select().from(referrals)).length;
    // Enough sign-ups for a second page, whatever the tests before left.
    const missing = Math.max(0, REFERRALS_PAGE_SIZE + 1 - total);
    for (let i = 0; i < missing; i++) {
      const referred = await createMember(db());
      await db().insert(referrals).values({ referredId: referred.id, referrerId: referrer.id, visitedAt: new Date() });
    }
    const open = async (query: string) => {
      const page = await callLoader(referralsLoader, { path: `/admin/referrals${query}`, cookie: owner.cookie });
      expect(page.status).toBe(200);
      const view = page.data as AdminReferralsView;
      return { page: view.page, shown: view.referred.length, pageCount: view.pageCount };
    };
    expect(await open("?page=2")).toMatchObject({ page: 2, shown: expect.any(Number) });
    for (const typed of ["1.01", "1.5", "-3", "abc", "", "1e400"])
      expect(await open(`?page=${typed}`), typed).toMatchObject({ page: 1, shown: REFERRALS_PAGE_SIZE });
  });
});
