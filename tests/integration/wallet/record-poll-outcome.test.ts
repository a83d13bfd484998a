import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { RECORDED_JOBS } from "#server/db/record-job-run";
import { chainCursors, jobRuns } from "#server/db/schema";
import { recordPollOutcome } from "#server/wallet/record-poll-outcome";
import { describeEachDatabase } from "../../helpers/database";

// What one poll of the deposit watcher leaves behind: its cursor's health (overwritten every
// poll) and a job run only for a poll that did something or failed.
describeEachDatabase("recordPollOutcome", (database) => {
  let cursorName: string;
  const started = new Date("2026-11-20T10:00:00.000Z");
  const now = new Date("2026-11-20T10:00:02.000Z");
  const done = { credited: 0, uncredited: 0, seen: 3, pages: 1, cursor: Date.parse("2026-11-20T09:59:00.000Z") };

  beforeEach(async () => {
    cursorName = `test-${crypto.randomUUID()}`;
    await database().db.insert(chainCursors).values({ name: cursorName, minBlockTimestamp: 0 });
  });

  const cursor = async () =>
    (await database().db.select().from(chainCursors).where(eq(chainCursors.name, cursorName)))[0]!;
  /** The deposit-poll job runs that started at `at` (each test uses its own start times). */
  const runsAt = (at: Date) =>
    database()
      .db.select({ ok: jobRuns.ok, result: jobRuns.result, error: jobRuns.error, finishedAt: jobRuns.finishedAt })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, RECORDED_JOBS.depositPoll), eq(jobRuns.startedAt, at)));
  const record = (options: Partial<Parameters<typeof recordPollOutcome>[0]>) =>
    recordPollOutcome({ db: database().db, cursorName, startedAt: started, now, ...options });

  it("a quiet poll marks the cursor polled and healthy, and writes no job run", async () => {
    const at = new Date("2026-11-20T11:00:00.000Z");
    await record({ startedAt: at, done });
    expect(await cursor()).toMatchObject({ polledAt: now, pollOk: true, lastError: null, lastErrorAt: null });
    expect(await runsAt(at)).toEqual([]);
  });

  it("a poll that credited or recorded a transfer writes its job run with what it did", async () => {
    const credited = new Date("2026-11-20T12:00:00.000Z");
    await record({ startedAt: credited, done: { ...done, credited: 2 } });
    const [run] = await runsAt(credited);
    expect(run).toMatchObject({ ok: true, error: null });
    expect(run!.result).toEqual({ ...done, credited: 2, cursorAt: "2026-11-20T09:59:00.000Z" });
    expect(run!.finishedAt).toEqual(now);

    const uncredited = new Date("2026-11-20T12:01:00.000Z");
    await record({ startedAt: uncredited, done: { ...done, uncredited: 1 } });
    expect(await runsAt(uncredited)).toHaveLength(1);
  });

  it("a failed poll keeps its error on the cursor, cut to 500 characters, until a later failure", async () => {
    const failed = new Date("2026-11-20T13:00:00.000Z");
    const message = `TronGrid answered 503 ${"x".repeat(600)}`;
    await record({ startedAt: failed, error: message });
    expect(await cursor()).toMatchObject({
      polledAt: now,
      pollOk: false,
      lastError: message.slice(0, 500),
      lastErrorAt: now,
    });
    const [run] = await runsAt(failed);
    expect(run).toMatchObject({ ok: false, error: message.slice(0, 500), result: {} });

    // Recovered: healthy again, the last failure still shown.
    const later = new Date("2026-11-20T13:05:00.000Z");
    await record({ startedAt: later, now: later, done });
    expect(await cursor()).toMatchObject({
      polledAt: later,
      pollOk: true,
      lastError: message.slice(0, 500),
      lastErrorAt: now,
    });
  });

  it("the newest block read only moves forward (a rescan reads old blocks)", async () => {
    const at = Date.parse("2026-11-20T09:00:00.000Z");
    await record({ newest: { block: 500, at } });
    expect(await cursor()).toMatchObject({ newestBlock: 500, newestBlockAt: new Date(at) });
    await record({ newest: { block: 400, at: at - 300_000 } });
    expect(await cursor()).toMatchObject({ newestBlock: 500, newestBlockAt: new Date(at) });
    await record({ newest: { block: 501, at: at + 3000 } });
    expect(await cursor()).toMatchObject({ newestBlock: 501, newestBlockAt: new Date(at + 3000) });
    // A poll that read no block leaves them as they are.
    await record({});
    expect(await cursor()).toMatchObject({ newestBlock: 501, newestBlockAt: new Date(at + 3000) });
  });

  it("a written run prunes the watcher's runs older than 30 days, and only those", async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    await database()
      .db.insert(jobRuns)
      .values([old, recent].map((at) => ({ job: RECORDED_JOBS.depositPoll, startedAt: at, finishedAt: at, ok: true })));
    const [otherJob] = await database()
      .db.insert(jobRuns)
      .values({ job: RECORDED_JOBS.renewals, startedAt: old, finishedAt: old, ok: true })
      .returning({ id: jobRuns.id });
    // A quiet poll writes nothing, so it prunes nothing either.
    await record({ startedAt: new Date(), done });
    expect(await runsAt(old)).toHaveLength(1);

    await record({ startedAt: new Date(), error: "TronGrid unreachable" });
    expect(await runsAt(old)).toEqual([]);
    expect(await runsAt(recent)).toHaveLength(1);
    expect(await database().db.select().from(jobRuns).where(eq(jobRuns.id, otherJob!.id))).toHaveLength(1);
  });
});
