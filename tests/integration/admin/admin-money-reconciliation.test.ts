import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { ReconciliationView } from "~/lib/view-types/admin/money";
import { action, loader } from "~/routes/admin/money/admin.money.reconciliation";
import { postLedgerEntry } from "#server/billing/ledger";
import { runRecordedReconcile } from "#server/billing/reconcile-ledger";
import { RECORDED_JOBS, recordJobRun } from "#server/db/record-job-run";
import { auditLog, jobRuns, profiles, user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-money-reconciliation");

describeEachDatabase("money: job runs and the ledger check", (database) => {
  const db = () => database().db;
  let admin: Awaited<ReturnType<typeof signUpStaff>>;

  useProcessDatabase(database);
  beforeAll(async () => {
    admin = await signUpStaff(db(), "admin");
  });

  it("records a job's runs, ok with its result or failed with its error, and prunes runs older than 30 days", async () => {
    const job = `test-${crypto.randomBytes(3).toString("hex")}`;
    await db()
      .insert(jobRuns)
      .values({ job, startedAt: new Date(Date.now() - 31 * 86_400_000), ok: true });
    expect(await recordJobRun({ db: db(), job, run: async () => ({ charged: 2, amount: 5n }) })).toEqual({
      charged: 2,
      amount: 5n,
    });
    await expect(
      recordJobRun({
        db: db(),
        job,
        run: () => {
          throw new Error("TronGrid answered 503");
        },
      }),
    ).rejects.toThrow("TronGrid answered 503");
    const runs = await db().select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ ok: true, result: { charged: 2, amount: "5" }, error: null });
    expect(runs[0]!.finishedAt).not.toBeNull();
    expect(runs[1]).toMatchObject({ ok: false, error: "TronGrid answered 503" });
  });

  it("run now finds a planted difference, records the run with the member and audits it", async () => {
    const id = crypto.randomUUID();
    const email = `drift-${crypto.randomBytes(3).toString("hex")}@money.test`;
    await db().insert(user).values({ id, email, name: "Drift" });
    await db().insert(profiles).values({ id, firstName: "Dee", lastName: "Drift" });
    await postLedgerEntry({ tx: db(), userId: id, kind: "adjustment", amount: 10_000_000n, reference: `drift:${id}` });
    // The ledger is append-only; the cached balance is what drifts.
    await db().update(profiles).set({ balance: 12_500_000n }).where(eq(profiles.id, id));

    const answer = await callAction(action, {
      path: "/admin/money/reconciliation",
      cookie: admin.cookie,
      form: { intent: "reconcile" },
    });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.data)).toMatch(/balances? differ/);

    const view = (await callLoader(loader, { path: "/admin/money/reconciliation", cookie: admin.cookie }))
      .data as unknown as ReconciliationView;
    expect(view.canWrite).toBe(true);
    expect(view.last).toMatchObject({ ok: true, source: expect.stringMatching(/^staff:/) as unknown });
    expect(view.last!.mismatches).toContainEqual({
      userId: id,
      email,
      balance: "12.5",
      ledgerSum: "10",
      difference: "2.5",
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "money.reconcile"), eq(auditLog.actorUserId, admin.userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.after).toMatchObject({ mismatches: expect.arrayContaining([id]) as unknown });

    // Put right, the next (job) run is clean again for this member.
    await db().update(profiles).set({ balance: 10_000_000n }).where(eq(profiles.id, id));
    const again = await runRecordedReconcile({ db: db(), source: "job" });
    expect(again.mismatches.map((m) => m.userId)).not.toContain(id);
    const [last] = await db()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, RECORDED_JOBS.reconcile))
      .orderBy(desc(jobRuns.id))
      .limit(1);
    expect(last).toMatchObject({ ok: true, result: { source: "job" } });
  });

  it("run now is refused to support and editors; they cannot open the page", async () => {
    for (const role of ["support", "editor"] as const) {
      const staff = await signUpStaff(db(), role);
      const post = await callAction(action, {
        path: "/admin/money/reconciliation",
        cookie: staff.cookie,
        form: { intent: "reconcile" },
      });
      expect(post.status).toBe(404);
      expect((await callLoader(loader, { path: "/admin/money/reconciliation", cookie: staff.cookie })).status).toBe(
        404,
      );
    }
    const wrong = await callAction(action, {
      path: "/admin/money/reconciliation",
      cookie: admin.cookie,
      form: { intent: "nuke" },
    });
    expect(wrong.status).toBe(400);
  });
});
