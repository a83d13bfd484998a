import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RenewalsView } from "~/lib/view-types/admin/money";
import { loader } from "~/routes/admin/money/admin.money.renewals";
import { runRenewals } from "#server/billing/renew-subscriptions";
import { RECORDED_JOBS, recordJobRun } from "#server/db/record-job-run";
import { jobRuns, planPriceChanges, pricing, subscriptions, telegramChatMembers, user } from "#server/db/schema";
import { listDueRenewals } from "#server/staff/money/list-due-renewals";
import { listRenewalRuns, RENEWAL_RUN_STALE_MINUTES } from "#server/staff/money/list-renewal-runs";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-money-renewals");

const USDT = 1_000_000n;
const DAY = 86_400_000;

describeEachDatabase("money: renewals due and the renewal job's runs", (database) => {
  const db = () => database().db;
  let admin: Awaited<ReturnType<typeof signUpStaff>>;
  let planA = 0;
  let planB = 0;

  useProcessDatabase(database);
  beforeAll(async () => {
    admin = await signUpStaff(db(), "admin");
    const plans = await db()
      .insert(pricing)
      .values([
        { planId: "renewals-a", name: "Alpha", price: 50n * USDT, published: true },
        { planId: "renewals-b", name: "Beta", price: 30n * USDT, published: true },
      ])
      .returning();
    planA = plans[0]!.id;
    planB = plans[1]!.id;
  });

  const subscribe = (
    userId: string,
    planId: number,
    due: Date,
    extra: Partial<typeof subscriptions.$inferInsert> = {},
  ) =>
    db()
      .insert(subscriptions)
      .values({
        userId,
        planId,
        billingPeriod: "monthly",
        nextBillingDate: due,
        startDate: new Date(due.getTime() - 30 * DAY),
        ...extra,
      })
      .returning()
      .then((rows) => rows[0]!);

  describe("the week ahead", () => {
    const now = new Date("2031-06-01T00:00:00.000Z");
    const until = new Date(now.getTime() + 7 * DAY);
    const inDays = (days: number) => new Date(now.getTime() + days * DAY);

    it("lists what each renewal will charge, in due order, with the running shortfall of each member", async () => {
      // Two renewals from one balance of 60: the first (50) is covered, the second (30) lacks 20.
      const ada = await createMember(db(), { email: "ada@renewals.test", balance: 60n * USDT });
      const first = await subscribe(ada.id, planA, inDays(1));
      const second = await subscribe(ada.id, planB, inDays(3));
      // Quarterly: 3 × 50 less 15 %, floored to whole USDT = 127; nothing on the balance.
      const bob = await createMember(db(), { email: "bob@renewals.test" });
      const quarterly = await subscribe(bob.id, planA, inDays(2), { billingPeriod: "quarterly" });
      // Not renewals: autorenew off, complimentary, banned, lifetime, after the week, already ended.
      const others = await createMember(db(), { email: "others@renewals.test" });
      await subscribe(others.id, planA, inDays(1), { autorenew: false });
      await subscribe(others.id, planB, inDays(1), { complimentary: true });
      await subscribe(others.id, planA, inDays(8), { status: "expired" });
      const banned = await createMember(db(), { email: "banned@renewals.test" });
      await db().update(user).set({ banned: true }).where(eq(user.id, banned.id));
      await subscribe(banned.id, planA, inDays(1));
      const later = await createMember(db(), { email: "later@renewals.test" });
      await subscribe(later.id, planA, inDays(8));
      await db()
        .insert(subscriptions)
        .values({ userId: later.id, planId: planB, billingPeriod: "lifetime", autorenew: false });

      const due = await listDueRenewals({ db: db(), until, page: 1, pageSize: 50 });
      expect(due.rows.map((r) => [r.subscriptionId, r.email, r.plan, r.amount, r.balance, r.shortfall])).toEqual([
        [first.id, "ada@renewals.test", "Alpha", String(50n * USDT), String(60n * USDT), "0"],
        [quarterly.id, "bob@renewals.test", "Alpha", String(127n * USDT), "0", String(127n * USDT)],
        [second.id, "ada@renewals.test", "Beta", String(30n * USDT), String(60n * USDT), String(20n * USDT)],
      ]);
      expect(due.rows[1]).toMatchObject({ billingPeriod: "quarterly", dueAt: "2031-06-03T00:00:00.000Z" });
      expect(due).toMatchObject({
        total: 3,
        atRisk: 2,
        amount: String(207n * USDT),
        shortfall: String(147n * USDT),
        page: 1,
        pageCount: 1,
      });

      // Pages cut the same order; a page past the end shows the last one.
      const page2 = await listDueRenewals({ db: db(), until, page: 2, pageSize: 2 });
      expect(page2.rows.map((r) => r.subscriptionId)).toEqual([second.id]);
      expect(page2).toMatchObject({ page: 2, pageCount: 2, total: 3 });
      expect((await listDueRenewals({ db: db(), until, page: 9, pageSize: 2 })).page).toBe(2);

      // A rise announced after Ada subscribed waits out its notice: her renewal before its date
      // is still charged the old price, and the shortfalls follow.
      await db()
        .update(pricing)
        .set({ price: 70n * USDT })
        .where(eq(pricing.id, planA));
      await db()
        .insert(planPriceChanges)
        .values({
          planId: planA,
          oldPrice: 50n * USDT,
          newPrice: 70n * USDT,
          effectiveAt: inDays(30),
          createdBy: "test",
          createdAt: inDays(-1),
        });
      const afterRise = await listDueRenewals({ db: db(), until, page: 1, pageSize: 50 });
      expect(afterRise.rows.map((r) => r.amount)).toEqual([
        String(50n * USDT),
        String(127n * USDT),
        String(30n * USDT),
      ]);
      await db().delete(planPriceChanges).where(eq(planPriceChanges.planId, planA));
      await db()
        .update(pricing)
        .set({ price: 50n * USDT })
        .where(eq(pricing.id, planA));
      // Out of the way of the next test (which reads the real clock).
      await db().delete(subscriptions);
    });
  });

  it("shows the renewal job's runs that settled something, with charged and failed counts, and run errors", async () => {
    const rich = await createMember(db(), { email: "rich@renewals.test", balance: 100n * USDT });
    const poor = await createMember(db(), { email: "poor@renewals.test", balance: 10n * USDT });
    const past = new Date(Date.now() - 60_000);
    await subscribe(rich.id, planA, past);
    await subscribe(poor.id, planB, past);
    const job = RECORDED_JOBS.renewals;
    // As the job records them (start-jobs.ts): a run that settled two, then one that found nothing.
    await recordJobRun({ db: db(), job, run: () => runRenewals({ db: db() }) });
    await recordJobRun({ db: db(), job, run: () => runRenewals({ db: db() }) });
    await expect(
      recordJobRun({
        db: db(),
        job,
        run: () => Promise.reject(new Error("database went away")),
      }),
    ).rejects.toThrow("database went away");
    await expectLedgerInvariant(db());

    const { runs, lastRunAt } = await listRenewalRuns({ db: db() });
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ state: "failed", error: "database went away", charged: 0, failed: 0 });
    expect(runs[1]).toMatchObject({ state: "finished", error: null, charged: 1, failed: 1, expired: 0, errored: 0 });
    expect(lastRunAt).toBe(runs[0]!.finishedAt);

    const view = (await callLoader(loader, { path: "/admin/money/renewals?page=x", cookie: admin.cookie }))
      .data as unknown as RenewalsView;
    expect(view.runs).toEqual(runs);
    expect(view.due).toMatchObject({ total: 0, page: 1, pageCount: 1, rows: [] });
  });

  it("shows a run that started and never recorded its end as not finished, and a young one as running", async () => {
    const job = RECORDED_JOBS.renewals;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    // As recordJobRun leaves a run whose process died mid-run: started, no end, no outcome.
    const [crashed] = await db()
      .insert(jobRuns)
      .values({ job, startedAt: minutesAgo(RENEWAL_RUN_STALE_MINUTES + 45) })
      .returning({ id: jobRuns.id });
    const [running] = await db()
      .insert(jobRuns)
      .values({ job, startedAt: minutesAgo(1) })
      .returning({ id: jobRuns.id });
    // Another job's unfinished run is not the renewal job's.
    await db()
      .insert(jobRuns)
      .values({ job: RECORDED_JOBS.reconcile, startedAt: minutesAgo(120) });

    const { runs, lastRunAt } = await listRenewalRuns({ db: db() });
    const byId = new Map(runs.map((r) => [r.id, r]));
    expect(byId.get(String(crashed!.id))).toMatchObject({ state: "unfinished", finishedAt: null, error: null });
    expect(byId.get(String(running!.id))).toMatchObject({ state: "running", finishedAt: null });
    // Newest first: the previous test's failed and finished runs started moments ago.
    expect(runs.map((r) => r.state)).toEqual(["failed", "finished", "running", "unfinished"]);
    // The job's heartbeat is still its last finished run.
    expect(lastRunAt).not.toBeNull();
    expect(runs.find((r) => r.state === "failed")!.finishedAt).toBe(lastRunAt);
  });

  it("lists the chat removals that failed, the latest first, with Telegram's answer and the next try", async () => {
    const ada = await createMember(db(), { email: "ada-chat@renewals.test" });
    await seedPlanChats({ db: db(), planChats: { "renewals-a": [-100700] } });
    const failed = (at: string, next: string) => ({
      removalAttempts: 2,
      removalError:
        "Call to 'banChatMember' failed! (400: Bad Request: not enough rights to restrict/demote chat member)",
      removalFailedAt: new Date(at),
      removalNextAt: new Date(next),
    });
    await db()
      .insert(telegramChatMembers)
      .values([
        {
          chatId: -100700,
          telegramUserId: 801,
          userId: ada.id,
          ...failed("2031-05-01T10:00:00Z", "2031-05-01T10:02:00Z"),
        },
        // A deleted account's row is kept (user_id null) so the person is still removed.
        {
          chatId: -100701,
          telegramUserId: 802,
          userId: null,
          ...failed("2031-05-01T11:00:00Z", "2031-05-01T11:02:00Z"),
        },
        // Under way (claimed, not failed yet) and an ordinary member: not failures.
        { chatId: -100700, telegramUserId: 803, userId: ada.id, removalAttempts: 1, removalNextAt: new Date() },
        { chatId: -100700, telegramUserId: 804, userId: ada.id },
      ]);
    const view = (await callLoader(loader, { path: "/admin/money/renewals", cookie: admin.cookie }))
      .data as unknown as RenewalsView;
    expect(view.chatRemovals).toEqual({
      total: 2,
      rows: [
        {
          chatId: "-100701",
          telegramUserId: "802",
          userId: null,
          email: null,
          plans: null,
          attempts: 2,
          error: expect.stringContaining("not enough rights") as string,
          failedAt: "2031-05-01T11:00:00.000Z",
          nextAttemptAt: "2031-05-01T11:02:00.000Z",
        },
        {
          chatId: "-100700",
          telegramUserId: "801",
          userId: ada.id,
          email: "ada-chat@renewals.test",
          plans: "Alpha",
          attempts: 2,
          error: expect.stringContaining("not enough rights") as string,
          failedAt: "2031-05-01T10:00:00.000Z",
          nextAttemptAt: "2031-05-01T10:02:00.000Z",
        },
      ],
    });
  });
});
