import { beforeAll, expect, it } from "vitest";
import type { SubscriptionsData } from "~/lib/view-types/member";
import * as memberPage from "~/routes/admin/members/admin.members.$memberId";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { startTrial } from "#server/billing/start-trial";
import { subscriptions } from "#server/db/schema";
import { createPlan, createTrialPlan, creditTransfer } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("trial-converted-shown");

const DAY = 86_400_000;

type MemberPage = Awaited<ReturnType<typeof memberPage.loader>>;

// Where a member's subscriptions are listed (their dashboard, their page in the back office), a
// subscription whose free trial its first charge converted says when; a running trial is still a
// trial; a plan bought outright is neither. The conversion is the renewal's own.
describeEachDatabase("a converted free trial, as the subscription lists show it", (database) => {
  const db = () => database().db;
  let member: Awaited<ReturnType<typeof signUpStaff>>;
  let support: Awaited<ReturnType<typeof signUpStaff>>;
  const end = new Date(Date.now() - DAY);

  useProcessDatabase(database);
  beforeAll(async () => {
    [member, support] = await Promise.all([signUpStaff(db(), null), signUpStaff(db(), "support")]);
    const converted = await createTrialPlan(db(), { days: 7, name: "VIP" });
    const running = await createTrialPlan(db(), { days: 7, name: "Gold" });
    const bought = await createPlan(db(), "Basic", 10_000_000n);
    await creditTransfer(db(), member.userId, 60_000_000n);
    await startTrial({ db: db(), userId: member.userId, planId: converted.id, now: new Date(end.getTime() - 7 * DAY) });
    expect((await runRenewals({ db: db(), now: end })).charged).toBe(1);
    await startTrial({ db: db(), userId: member.userId, planId: running.id, now: new Date() });
    await db()
      .insert(subscriptions)
      .values({
        userId: member.userId,
        planId: bought.id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 30 * DAY),
      });
  });

  it("on the member's dashboard", async () => {
    const answer = await callLoader(dashboardLoader, {
      path: "/dashboard?section=subscriptions",
      cookie: member.cookie,
    });
    expect(answer.status).toBe(200);
    const section = (answer.data as { subscriptions: SubscriptionsData }).subscriptions;
    if (!section || "error" in section) throw new Error("the subscriptions section did not load");
    const byName = new Map(section.subscriptions.map((s) => [s.planName, s]));
    expect(byName.get("VIP")).toMatchObject({ trial: false, trialConvertedAt: end.toISOString() });
    expect(byName.get("Gold")).toMatchObject({ trial: true, trialConvertedAt: null });
    expect(byName.get("Basic")).toMatchObject({ trial: false, trialConvertedAt: null });
  });

  it("on the member's page in the back office, as support reads it", async () => {
    const answer = await callLoader(memberPage, {
      path: `/admin/members/${member.userId}`,
      params: { memberId: member.userId },
      cookie: support.cookie,
    });
    expect(answer.status).toBe(200);
    const byName = new Map((answer.data as unknown as MemberPage).subscriptions.map((s) => [s.planName, s]));
    expect(byName.get("VIP")).toMatchObject({ trial: false, trialConvertedAt: end.toISOString() });
    expect(byName.get("Gold")).toMatchObject({ trial: true, trialConvertedAt: null });
    expect(byName.get("Basic")).toMatchObject({ trial: false, trialConvertedAt: null });
  });
});
