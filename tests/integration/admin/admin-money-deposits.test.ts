import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import express from "express";
import { afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { rescanMessages } from "~/lib/validation/admin/money-deposits";
import type { DepositsView } from "~/lib/view-types/admin/money-deposits";
import { action, loader } from "~/routes/admin/money/admin.money.deposits";
import { RECORDED_JOBS } from "#server/db/record-job-run";
import { auditLog, jobRuns, uncreditedTransfers } from "#server/db/schema";
import { opsRouter } from "#server/ops/router";
import { getDepositWatcherHealth } from "#server/staff/money/get-deposit-watcher-health";
import { listUncreditedTransfers } from "#server/staff/money/list-uncredited-transfers";
import { DEPOSIT_WATCHER_TARGET, rescanDepositWatcher, rescanErrors } from "#server/staff/money/rescan-deposit-watcher";
import { DEFAULT_CURSOR, getCursor, setCursor } from "#server/wallet/deposit-cursor";
import { pollDeposits } from "#server/wallet/poll-deposits";
import { startDepositWatcher } from "#server/wallet/start-deposit-watcher";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import {
  fakeBlockTime,
  randomTronAddress,
  startFakeTronGrid,
  transferEvent,
  USDT_CONTRACT,
  type FakeTronGrid,
} from "../../helpers/fake-trongrid";
import { createMemberWithWallet, expectLedgerInvariant } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-money-deposits");

const OTHER_TOKEN = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const OPS_TOKEN = "test-ops-token-0123456789abcdef";

describeEachDatabase("money: deposits, what was not credited, the watcher's health and rescan", (database) => {
  const db = () => database().db;
  let fake: FakeTronGrid;
  let admin: Awaited<ReturnType<typeof signUpStaff>>;

  useProcessDatabase(database);
  beforeAll(async () => {
    admin = await signUpStaff(db(), "admin");
  });
  beforeEach(async () => {
    fake = await startFakeTronGrid();
  });
  afterEach(async () => {
    await fake.close();
    await expectLedgerInvariant(db());
  });

  const poll = (cursorName: string) =>
    pollDeposits({ db: db(), apiUrl: fake.url, contract: USDT_CONTRACT, cursorName, sleep: async () => {} });

  it("records transfers to members it does not credit once, with the reason, and lists an unconfirmed one only until it is credited", async () => {
    const a = await createMemberWithWallet(db());
    const cursorName = `test-${a.id}`;
    const t = Date.now() - 120_000;
    await setCursor({ db: db(), name: cursorName, value: t - 60_000 });
    const deposit = transferEvent({ to: a.walletAddress, value: 5_000_000n, blockTimestamp: t });
    const otherToken = transferEvent({
      to: a.walletAddress,
      value: 7n,
      blockTimestamp: t + 1000,
      contract: OTHER_TOKEN,
    });
    const zero = transferEvent({ to: a.walletAddress, value: 0n, blockTimestamp: t + 2000 });
    const pending = transferEvent({ to: a.walletAddress, value: 3_000_000n, blockTimestamp: t + 3000 });
    const stranger = transferEvent({ to: randomTronAddress(), value: 9_000_000n, blockTimestamp: t + 4000 });
    fake.setEvents([deposit, otherToken, zero, { ...pending, _unconfirmed: true } as typeof pending, stranger]);

    expect(await poll(cursorName)).toMatchObject({ credited: 1, uncredited: 3, unconfirmed: 1 });
    const listed = await listUncreditedTransfers({ db: db() });
    const mine = listed.rows.filter((r) => r.userId === a.id);
    expect(mine.map((r) => [r.txId, r.reason]).sort()).toEqual(
      [
        [otherToken.transaction_id, "other_token"],
        [zero.transaction_id, "zero_amount"],
        [pending.transaction_id, "unconfirmed"],
      ].sort(),
    );
    expect(mine.find((r) => r.reason === "other_token")).toMatchObject({
      tokenContract: OTHER_TOKEN,
      amount: "7",
      toAddress: a.walletAddress,
      explorerUrl: expect.stringMatching(new RegExp(`${otherToken.transaction_id}$`)) as unknown,
    });
    // The transfer to an address that is no member's is none of the site's business.
    expect(listed.rows.some((r) => r.txId === stranger.transaction_id)).toBe(false);

    // Reading the same window again records nothing new.
    expect(await poll(cursorName)).toMatchObject({ credited: 0, uncredited: 0 });
    expect((await listUncreditedTransfers({ db: db() })).rows.filter((r) => r.userId === a.id)).toHaveLength(3);

    // Confirmed, it is credited and leaves the list; the watcher's record of it stays.
    fake.setEvents([deposit, otherToken, zero, pending, stranger]);
    expect(await poll(cursorName)).toMatchObject({ credited: 1, uncredited: 0 });
    const after = (await listUncreditedTransfers({ db: db() })).rows.filter((r) => r.userId === a.id);
    expect(after.map((r) => r.reason).sort()).toEqual(["other_token", "zero_amount"]);
    const kept = await db()
      .select()
      .from(uncreditedTransfers)
      .where(eq(uncreditedTransfers.txId, pending.transaction_id));
    expect(kept).toHaveLength(1);
  });

  it("keeps its health on the cursor's row and a job run only for a poll that did something or failed", async () => {
    const a = await createMemberWithWallet(db());
    const base = Date.now() - 5 * 60_000;
    await setCursor({ db: db(), name: DEFAULT_CURSOR, value: base });
    const deposit = transferEvent({ to: a.walletAddress, value: 2_000_000n, blockTimestamp: base + 10_000 });
    fake.setEvents([deposit]);
    fake.failNext(1, 503);
    const runsBefore = await db().select().from(jobRuns).where(eq(jobRuns.job, RECORDED_JOBS.depositPoll));
    const controller = new AbortController();
    const seen: Awaited<ReturnType<typeof getDepositWatcherHealth>>[] = [];
    await startDepositWatcher({
      db: db(),
      config: {
        tron: { apiUrl: fake.url, apiKey: undefined, pollSeconds: 30, usdtContract: USDT_CONTRACT, minDeposit: 0n },
      },
      signal: controller.signal,
      sleep: async () => {
        seen.push(await getDepositWatcherHealth({ db: db() }));
        // A failure, the deposit, then a quiet poll.
        if (seen.length === 3) controller.abort();
      },
    });
    expect(seen[0]).toMatchObject({
      pollOk: false,
      lastError: "TronGrid answered 503 Service Unavailable",
      newestBlock: null,
    });
    expect(seen[1]).toMatchObject({
      pollOk: true,
      lastError: "TronGrid answered 503 Service Unavailable",
      newestBlock: deposit.block_number,
      newestBlockAt: new Date(deposit.block_timestamp).toISOString(),
    });
    const now = new Date(base + 60_000);
    const health = await getDepositWatcherHealth({ db: db(), now });
    const cursor = (await getCursor({ db: db(), name: DEFAULT_CURSOR }))!;
    expect(health).toMatchObject({
      pollOk: true,
      cursorAt: new Date(cursor).toISOString(),
      lagMs: now.getTime() - cursor,
      usdtContract: USDT_CONTRACT,
    });
    expect(health.polledAt).not.toBeNull();
    expect(health.lastErrorAt).not.toBeNull();

    const runs = await db()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, RECORDED_JOBS.depositPoll))
      .orderBy(jobRuns.id);
    const added = runs.slice(runsBefore.length);
    // Three polls, two runs: the quiet one is only on the cursor's row.
    expect(added).toHaveLength(2);
    expect(added[0]).toMatchObject({ ok: false, error: "TronGrid answered 503 Service Unavailable" });
    expect(added[1]).toMatchObject({ ok: true, error: null, result: { credited: 1, uncredited: 0, seen: 1 } });
    expect(added[1]!.finishedAt).not.toBeNull();
  });

  it("rescans from a block by asking TronGrid for its time, and audits who moved the cursor from where to where", async () => {
    const block = Math.floor((Date.now() - 3_600_000) / 3000);
    await setCursor({ db: db(), name: DEFAULT_CURSOR, value: Date.now() - 60_000 });
    const before = (await getCursor({ db: db(), name: DEFAULT_CURSOR }))!;
    const actor = { userId: null, label: "cli:alice@db-host", role: "operator" };
    const result = await rescanDepositWatcher({ db: db(), actor, from: { block }, tron: { apiUrl: fake.url } });
    expect(result).toEqual({ from: new Date(fakeBlockTime(block)), block, previous: new Date(before) });
    expect(await getCursor({ db: db(), name: DEFAULT_CURSOR })).toBe(fakeBlockTime(block));
    expect(fake.requests.at(-1)).toMatchObject({ path: "/wallet/getblockbynum" });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "money.rescan"), eq(auditLog.actorLabel, actor.label)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      targetType: DEPOSIT_WATCHER_TARGET.type,
      targetId: DEPOSIT_WATCHER_TARGET.id,
      summary: expect.stringContaining(`from block ${block} (`) as unknown,
      before: { cursor: new Date(before).toISOString() },
      after: { cursor: new Date(fakeBlockTime(block)).toISOString(), block },
    });

    // A block not made yet, or TronGrid failing, moves nothing and says why.
    const future = Math.ceil((Date.now() + 3_600_000) / 3000);
    await expect(
      rescanDepositWatcher({ db: db(), actor, from: { block: future }, tron: { apiUrl: fake.url } }),
    ).rejects.toMatchObject({ code: "VALIDATION", message: rescanErrors.noBlock(future) });
    fake.failNext(1, 502);
    await expect(
      rescanDepositWatcher({ db: db(), actor, from: { block }, tron: { apiUrl: fake.url } }),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(await getCursor({ db: db(), name: DEFAULT_CURSOR })).toBe(fakeBlockTime(block));
  });

  it("the page's action rescans from a time, audited as the staff member; bad input is a 400 with the reason", async () => {
    const path = "/admin/money/deposits";
    const answer = await callAction(action, {
      path,
      cookie: admin.cookie,
      form: { intent: "rescan", from: "2026-01-02 03:04" },
    });
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    expect(JSON.stringify(answer.data)).toContain("from Jan 2, 2026, 03:04:00 UTC.");
    expect(await getCursor({ db: db(), name: DEFAULT_CURSOR })).toBe(Date.parse("2026-01-02T03:04:00Z"));

    const refused = async (from: string) => {
      const r = await callAction(action, { path, cookie: admin.cookie, form: { intent: "rescan", from } });
      return { status: r.status, error: (r.data as { error?: string }).error };
    };
    expect(await refused("")).toEqual({ status: 400, error: rescanMessages.required });
    expect(await refused("last tuesday")).toEqual({ status: 400, error: rescanMessages.format });
    expect(await refused("2026-02-30 10:00")).toEqual({ status: 400, error: rescanMessages.date });
    expect(await refused("2999-01-01 00:00")).toEqual({ status: 400, error: rescanErrors.future });
    // These tests run without TRON_API_URL: a block's time cannot be looked up.
    expect(await refused("66000000")).toEqual({ status: 400, error: rescanErrors.noApi });
    expect(await getCursor({ db: db(), name: DEFAULT_CURSOR })).toBe(Date.parse("2026-01-02T03:04:00Z"));

    const view = (await callLoader(loader, { path, cookie: admin.cookie })).data as unknown as DepositsView;
    expect(view.canWrite).toBe(true);
    expect(view.history.target).toBe("deposit-watcher:usdt-trc20");
    expect(view.history.entries[0]).toMatchObject({
      action: "money.rescan",
      actorLabel: admin.email,
      summary: "Rescan of deposits from Jan 2, 2026, 03:04:00 UTC",
    });
    // Earlier tests credited deposits: newest block first, linked to the explorer.
    expect(view.deposits.rows.length).toBeGreaterThan(0);
    expect(view.deposits.rows[0]!.explorerUrl).toMatch(new RegExp(`${view.deposits.rows[0]!.txId}$`));

    for (const role of ["support", "editor"] as const) {
      const staff = await signUpStaff(db(), role);
      expect((await callLoader(loader, { path, cookie: staff.cookie })).status).toBe(404);
      const post = await callAction(action, { path, cookie: staff.cookie, form: { intent: "rescan", from: "1" } });
      expect(post.status).toBe(404);
    }
  });

  it("the ops command's rescan is the same audited rescan, recorded as the operator", async () => {
    const app = express().use(
      "/api/ops",
      opsRouter(() => OPS_TOKEN, { getDb: db, actor: "cli:bob@db-host" }),
    );
    const server = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ops/rescan`, {
        method: "POST",
        headers: { authorization: `Bearer ${OPS_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ from: "2026-03-01T00:00:00Z" }),
      });
      expect(await response.json()).toEqual({ ok: true, from: "2026-03-01T00:00:00.000Z", block: null });
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorLabel, "cli:bob@db-host"))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audit).toMatchObject({ action: "money.rescan", actorRole: "operator", targetType: "deposit-watcher" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
